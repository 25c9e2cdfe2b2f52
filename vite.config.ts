import { writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { clientChunks } from "./scripts/client-chunks";

const appDir = new URL("./app/", import.meta.url).pathname;

/**
 * Writes which modules each browser chunk holds, and their rendered bytes, beside the client build
 * (`<build>/bundle-modules.json`, not served), for `npm run bundle-report` (decision 082).
 */
function chunkContents(): Plugin {
  return {
    name: "forge-chunk-contents",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]),
        );
      }
      writeFileSync(path.join(options.dir, "..", "bundle-modules.json"), JSON.stringify(chunks));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), chunkContents()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    // Nothing is inlined as a data: URL, so every asset is a file the CSP allows by origin.
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: clientChunks(appDir) } },
  },
  define: {
    // The canonical origin is fixed at build time: prerendered pages carry it in their HTML.
    __SITE_ORIGIN__: JSON.stringify(
      (process.env.PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/$/, ""),
    ),
  },
}));
