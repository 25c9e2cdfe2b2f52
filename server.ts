/**
 * The Node entry: reads the environment, starts listening, starts the local emulators for any
 * outside system without credentials, opens the services, serves the app, and shuts down gracefully
 * on SIGTERM/SIGINT (stop accepting, finish requests in flight, exit 0).
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Express } from "express";
import type { ServerBuild } from "react-router";
import { type Env, InvalidEnvironmentError, parseEnv } from "./app/server/env.server";
import { createLogger } from "./app/server/logger.server";
import { type AppServices, closeServices, createServices } from "./app/server/services.server";
import { type Sandbox, startSandbox } from "./sandbox/index";
import { createHttpApp } from "./server/http-app";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

function readEnv(source: Record<string, string | undefined>): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = readEnv(process.env);
  const logger = createLogger(env.LOG_LEVEL);

  // Listen first: the emulators need this server's own address. Requests that arrive before the
  // app is ready wait for it.
  let resolveApp: (app: Express) => void = () => {};
  const appReady = new Promise<Express>((resolve) => {
    resolveApp = resolve;
  });
  const server = http.createServer((req, res) => {
    void appReady.then((app) => app(req, res));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const loopbackHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const selfOrigin = `http://${loopbackHost.includes(":") ? `[${loopbackHost}]` : loopbackHost}:${port}`;

  const sandbox: Sandbox = await startSandbox({ env, logger, selfOrigin });
  const effectiveEnv = sandbox.active.length ? readEnv({ ...process.env, ...sandbox.envOverrides }) : env;
  const services: AppServices = await createServices(effectiveEnv, logger);

  const mode =
    env.NODE_ENV === "development"
      ? {
          kind: "development" as const,
          vite: await (await import("vite")).createServer({
            server: { middlewareMode: true, hmr: { server } },
          }),
        }
      : {
          kind: "production" as const,
          build: (await import(path.join(buildDir, "server/index.js"))) as ServerBuild,
          clientDir: path.join(buildDir, "client"),
        };

  resolveApp(
    createHttpApp({
      services,
      mode,
      sandbox: sandbox.active.length ? { router: sandbox.router, active: sandbox.active } : undefined,
      publicConfig: {
        paymentsEmulated: sandbox.active.includes("stripe"),
        variantIds: services.catalogConfig.variantIds,
      },
    }),
  );
  logger.info({ url: selfOrigin, mode: mode.kind, emulators: sandbox.active }, "server listening");

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
      await sandbox.close();
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
