import { writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const appDir = new URL("./app/", import.meta.url).pathname;

type ModuleInfo = { importedIds: readonly string[]; importers: readonly string[] } | null;
let shellModules: Set<string> | undefined;

/** The app modules the document shell (root.tsx) reaches through static imports. */
function reachableFromRoot(getModuleInfo: (id: string) => ModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [`${appDir}root.tsx`];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) if (next.startsWith(appDir)) queue.push(next);
  }
  return seen;
}

/** The route modules that import `id`, directly or through other app modules. */
function routesReaching(id: string, getModuleInfo: (id: string) => ModuleInfo): Set<string> {
  const routes = new Set<string>();
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length) {
    const current = queue.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const importer of getModuleInfo(current)?.importers ?? []) {
      if (importer.startsWith(`${appDir}routes/`)) routes.add(importer.split("?")[0] as string);
      else if (importer.startsWith(appDir)) queue.push(importer);
    }
  }
  return routes;
}

/**
 * The browser build's chunks: the libraries in one `vendor` file, what the shell (header, footer,
 * toasts) needs in `shell`, what several pages share in `pages`, and each route module, with what only
 * it uses, in its own file.
 * The default split made a dozen 1-2 KB files, each a round trip and 1.4 KB of headers on HTTP/1.1,
 * which the performance budget felt (docs/decisions/011-performance-budgets.md).
 */
function clientChunks(id: string, meta: { getModuleInfo: (id: string) => ModuleInfo }): string | undefined {
  if (id.includes("/node_modules/")) return "vendor";
  if (!id.startsWith(appDir) || id.includes("?")) return undefined;
  const file = id.slice(appDir.length);
  if (file.startsWith("routes/") || file.startsWith("root.") || file.startsWith("entry.")) return undefined;
  shellModules ??= reachableFromRoot(meta.getModuleInfo);
  if (shellModules.has(id)) return "shell";
  // A module of one page only stays in that page's chunk; what several pages share goes together.
  return routesReaching(id, meta.getModuleInfo).size > 1 ? "pages" : undefined;
}

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
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: clientChunks } },
  },
  define: {
    // The canonical origin is fixed at build time: prerendered pages carry it in their HTML.
    __SITE_ORIGIN__: JSON.stringify(
      (process.env.PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/$/, ""),
    ),
  },
}));
