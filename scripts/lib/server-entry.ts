import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The Node entry's bundle inside a build (`npm run build` writes it; decision 139): what `npm start`
 * runs, and what tests and benchmarks start as the production server. `buildDir` as BUILD_DIR names it.
 */
export function serverEntryPath(buildDir = process.env.BUILD_DIR ?? "build"): string {
  return path.join(path.resolve(root, buildDir), "server.mjs");
}

/** The arguments to `node` that start the production server of `buildDir`; the bundle must exist. */
export function serverEntryArgs(buildDir = process.env.BUILD_DIR ?? "build"): string[] {
  const entry = serverEntryPath(buildDir);
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  return [entry];
}
