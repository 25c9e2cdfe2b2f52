/**
 * Bundles the Node entry (server.ts with server/ and sandbox/) into `<BUILD_DIR>/server.mjs`, which
 * `npm start` and every test and benchmark run (decision 139). Packages stay imports from
 * node_modules; the React Router build is loaded at run time from the same folder. Run by
 * `npm run build` after `react-router build`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { serverEntryPath } from "./lib/server-entry";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await build({
  entryPoints: [path.join(root, "server.ts")],
  outfile: serverEntryPath(),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Readable: a stack trace in the server's log points at the module's own code (its path is in a
  // comment above it), without source maps to pay for at every Error.
  minify: false,
  legalComments: "none",
  logLevel: "warning",
});
