import { writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { storeIdentityFrom } from "./app/content/store-identity";
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

/**
 * Who sells (COMPANY_LEGAL_NAME, COMPANY_ADDRESS, COMPANY_GOVERNING_STATE, SUPPORT_EMAIL), read at
 * build: the prerendered pages carry it. A setting the build cannot use stops it, naming the setting.
 */
function storeIdentityAtBuild() {
  const read = storeIdentityFrom(process.env);
  if ("identity" in read) return read.identity;
  throw new Error(
    `Invalid environment for the build: ${read.problems.map((p) => `${p.variable} ${p.message}`).join("; ")}`,
  );
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
    // The company and support address the pages show (app/content/site.ts), fixed at build time too.
    __STORE_IDENTITY__: JSON.stringify(storeIdentityAtBuild()),
    // The lab that tests the kits' samples (LAB_NAME): the kit pages name it (app/content/site.ts).
    __LAB_NAME__: JSON.stringify(process.env.LAB_NAME?.trim() || null),
  },
}));
