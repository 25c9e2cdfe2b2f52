/**
 * The floor of `npm run perf` (issue 19): bench/floor, a React Router app with one prerendered route and
 * no app code, built with the repository's installed packages and served as static files, compressed as
 * the storefront's server sends its scripts (Brotli 11 or gzip 9), so Lighthouse measures both the same way.
 * `/?painted-first` serves the same page as the storefront's server sends its documents: no
 * modulepreload hints, the hydration script run after the first paint (decisions 013 and 086), and the
 * storefront's opener policy, which makes Chromium load it in a new renderer process, as it does each of
 * the storefront's pages when Lighthouse navigates from its blank page (decision 156).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { deferHydrationScript, stripModulePreloads } from "../../app/server/http/document-scripts.server";
import { OPENER_POLICY } from "../../server/security-headers";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
};

/** Builds bench/floor into `outDir` (React Router's CLI reads the config of the folder it runs in). */
export function buildFloor(root: string, outDir: string): void {
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: path.join(root, "bench/floor"),
    env: { ...process.env, FLOOR_BUILD_DIR: outDir, NODE_ENV: "production" },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`the floor's build exited with ${result.status}`);
}

/** A static server for the floor's client folder: index.html for a folder, gzip when asked for. */
export async function serveFloor(
  clientDir: string,
  port: number,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const compressed = new Map<string, Buffer>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://floor");
    const pathname = decodeURIComponent(url.pathname);
    let file = path.join(clientDir, pathname);
    if (!file.startsWith(clientDir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = path.join(file, "index.html");
      let body: Buffer = readFileSync(file);
      const paintedFirst = url.searchParams.has("painted-first");
      const paintedFirstDocument = paintedFirst && file.endsWith(".html");
      if (paintedFirstDocument)
        body = Buffer.from(deferHydrationScript(stripModulePreloads(body.toString("utf8"))));
      const headers: Record<string, string> = {
        "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
        "Cache-Control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      };
      if (paintedFirstDocument) headers["Cross-Origin-Opener-Policy"] = OPENER_POLICY;
      // Compressed as the storefront's server sends its scripts (server/asset-encodings.ts): once, then
      // from memory, so the floor's scripts arrive no later than the storefront's.
      const accepted = String(request.headers["accept-encoding"] ?? "");
      const encoding = !types[path.extname(file)]
        ? undefined
        : /\bbr\b/.test(accepted)
          ? "br"
          : /\bgzip\b/.test(accepted)
            ? "gzip"
            : undefined;
      if (encoding) {
        const key = `${encoding} ${file}${paintedFirst ? " painted-first" : ""}`;
        let encoded = compressed.get(key);
        if (!encoded) {
          encoded =
            encoding === "br"
              ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
              : gzipSync(body, { level: 9 });
          compressed.set(key, encoded);
        }
        body = encoded;
        headers["Content-Encoding"] = encoding;
      }
      response.writeHead(200, headers).end(body);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    // The port asked for, or the one the system chose for port 0.
    origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
