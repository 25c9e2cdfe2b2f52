/**
 * The Node entry: reads the environment, opens the services, serves the app, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish requests in flight, exit 0).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { InvalidEnvironmentError, parseEnv } from "./app/server/env.server";
import { createLogger } from "./app/server/logger.server";
import { closeServices, createServices } from "./app/server/services.server";
import { createHttpApp } from "./server/http-app";

const root = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const services = await createServices(env, logger);

  const mode =
    env.NODE_ENV === "development"
      ? {
          kind: "development" as const,
          vite: await (await import("vite")).createServer({ server: { middlewareMode: true } }),
        }
      : {
          kind: "production" as const,
          build: (await import(path.join(root, "build/server/index.js"))) as ServerBuild,
          clientDir: path.join(root, "build/client"),
        };

  const app = createHttpApp({ services, mode, publicConfig: { paymentsEmulated: false } });
  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ url: `http://${env.HOST}:${port}`, mode: mode.kind }, "server listening");
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  // Once stopping, every response tells its client not to reuse the connection.
  server.on("request", (_req, res) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Connections that finish their last request while we drain go idle: close them as they do.
    const drain = setInterval(() => server.closeIdleConnections(), 200);
    server.close(async () => {
      clearTimeout(force);
      clearInterval(drain);
      if (mode.kind === "development") await mode.vite.close();
      await closeServices(services);
      logger.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
