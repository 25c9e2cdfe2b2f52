import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/content/routes";

/**
 * Marketing pages are prerendered to HTML at build time (fast, cacheable); the live pages
 * (Enhancer product page, payment success, test product) render on the server per request.
 * See docs/decisions/002-prerendered-pages-and-csp-nonce.md.
 */
export default {
  // BUILD_DIR lets two builds live side by side (parallel work, benchmarks); server.ts reads the same.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  prerender: [...prerenderedPaths, "/robots.txt", "/sitemap.xml"],
} satisfies Config;
