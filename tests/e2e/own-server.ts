import { freePort, type RunningServer, startServer } from "../../scripts/lib/server-process";
import { test as base } from "./support";

/**
 * For specs that need a server of their own (another catalog, caches off, a mail server that refuses):
 * one per worker, started by a worker fixture with time for a cold start on a busy machine and always
 * stopped (the global teardown kills it even if the worker dies). Give its environment with
 * `test.use({ serverEnv: { ... } })` at the top of a file or describe; its origin is its own public URL.
 */
export const test = base.extend<object, { serverEnv: Record<string, string>; ownServer: RunningServer }>({
  serverEnv: [{}, { scope: "worker", option: true }],
  ownServer: [
    async ({ serverEnv }, use) => {
      const port = await freePort();
      const server = await startServer({
        BUILD_DIR: process.env.BUILD_DIR ?? "build",
        LOG_LEVEL: "warn",
        PORT: String(port),
        PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
        ...serverEnv,
      });
      await use(server);
      await server.stop();
    },
    // startServer waits up to SERVER_START_MS (120 s) on a loaded machine; the stop up to 30 s.
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect } from "./support";
