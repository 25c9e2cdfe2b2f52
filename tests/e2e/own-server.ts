import { freePort, type RunningServer, startServer } from "../../scripts/lib/server-process";
import { test as base } from "./support";

/**
 * For specs that need a server of their own (another catalog, caches off, a mail server that refuses):
 * `const serverTest = withOwnServer({ ... })` gives a test whose `ownServer` is started once per worker
 * by a worker fixture, with time for a cold start on a busy machine, and always stopped (the global
 * teardown kills it even if the worker dies). Its origin is its own public URL, on 127.0.0.1 unless
 * `publicHost` names another (passkeys need a domain: `localhost`, decision 116).
 */
export function withOwnServer(env: Record<string, string>, options: { publicHost?: string } = {}) {
  return base.extend<object, { ownServer: RunningServer }>({
    ownServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern.
      async ({}, use) => {
        const port = await freePort();
        const server = await startServer({
          BUILD_DIR: process.env.BUILD_DIR ?? "build",
          LOG_LEVEL: "warn",
          PORT: String(port),
          PUBLIC_SITE_URL: `http://${options.publicHost ?? "127.0.0.1"}:${port}`,
          ...env,
        });
        await use(server);
        await server.stop();
      },
      // startServer waits up to SERVER_START_MS (120 s) on a loaded machine; the stop up to 30 s.
      { scope: "worker", timeout: 180_000 },
    ],
  });
}

export { expect } from "./support";
