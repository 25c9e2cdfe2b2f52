import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (the one holding package.json, drizzle/ and the builds), found from a module's
 * own URL: the Node entry runs from source (server.ts, `npm run dev`) and from its bundle inside the
 * build (`<build>/server.mjs`, `npm start`; decision 139), so a path relative to the module differs.
 */
export function projectRoot(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}
