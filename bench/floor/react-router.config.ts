import type { Config } from "@react-router/dev/config";

/**
 * The floor of issue 19: a React Router app with one prerendered route and no app code, built by
 * `npm run perf` with the repository's installed packages, so each route's figures can be read as a
 * multiple of what the framework alone costs. FLOOR_BUILD_DIR is set by tests/perf/floor.ts.
 */
export default {
  buildDirectory: process.env.FLOOR_BUILD_DIR ?? "build",
  ssr: false,
  prerender: ["/"],
} satisfies Config;
