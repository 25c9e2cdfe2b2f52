/**
 * The Node entry: reads the environment, starts listening, starts the local emulators for any
 * outside system without credentials, opens the services, serves the app, and shuts down gracefully
 * on SIGTERM/SIGINT (stop accepting, finish requests in flight, exit 0).
 */
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { Env } from "./app/server/runtime/env.server";
import type * as ServerRuntime from "./app/server/runtime/runtime.server";
import type { AppServices } from "./app/server/runtime/services.server";
import { type Sandbox, startSandbox } from "./sandbox/index";
import { sampleReviews } from "./sandbox/reviews/samples";
import { createHttpApp } from "./server/http-app";
import { projectRoot } from "./server/project-root";
import { publicConfigSource } from "./server/public-config";

const root = projectRoot(import.meta.url);
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
/** After SIGTERM, how long connections already waiting to be accepted may keep the listener open. */
const ACCEPT_GRACE_MS = 5_000;
/** After SIGTERM, the listener closes once this many turns of the event loop, lasting QUIET_MS at least, took no connection. */
const QUIET_TURNS = 3;
const QUIET_MS = 100;

type Runtime = typeof ServerRuntime;
type Mode =
  | { kind: "production"; build: ServerBuild; clientDir: string }
  | { kind: "development"; vite: import("vite").ViteDevServer };

/**
 * The server build the routes run from, and what this entry takes from it: the services, the
 * environment's parser and the logger come from the same build as the routes, so there is one copy of
 * each module in the process (docs/decisions/070-one-module-graph.md). Development loads the build
 * through Vite (whose hot-reload socket shares `server`).
 */
async function loadBuild(server: http.Server): Promise<{ mode: Mode; runtime: Runtime }> {
  if (process.env.NODE_ENV === "development") {
    const vite = await (await import("vite")).createServer({
      server: { middlewareMode: true, hmr: { server } },
    });
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return { mode: { kind: "development", vite }, runtime: runtimeOf(build) };
  }
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  return {
    mode: { kind: "production", build, clientDir: path.join(buildDir, "client") },
    runtime: runtimeOf(build),
  };
}

function runtimeOf(build: ServerBuild): Runtime {
  const runtime = (build.entry.module as { runtime?: Runtime }).runtime;
  if (!runtime) throw new Error(`${buildDir} has no runtime export: rebuild it with npm run build`);
  return runtime;
}

function readEnv(runtime: Runtime, source: Record<string, string | undefined>): Env {
  try {
    return runtime.parseEnv(source);
  } catch (error) {
    if (error instanceof runtime.InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads and drops what is left of a request body (the app answered without it), within bounds. */
function discardUnreadBody(req: http.IncomingMessage, { DRAIN_MAX_BYTES, DRAIN_MAX_MS }: Runtime) {
  if (req.complete || req.destroyed) return;
  // The app's reader of the body, if any, is done with it: the answer has been sent.
  req.removeAllListeners("data");
  let discarded = 0;
  const cut = () => req.socket.destroy();
  const deadline = setTimeout(cut, DRAIN_MAX_MS);
  deadline.unref();
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_MAX_BYTES) cut();
  });
  req.once("end", () => clearTimeout(deadline));
  req.once("close", () => clearTimeout(deadline));
  req.resume();
}

async function main() {
  // Created before the build is loaded: development's Vite attaches its hot-reload socket to it.
  const server = http.createServer();
  const { mode, runtime } = await loadBuild(server);
  const env = readEnv(runtime, process.env);
  const logger = runtime.createLogger(env.LOG_LEVEL);

  // Listen first: the emulators need this server's own address. Requests that arrive before the
  // app is ready wait for it.
  let app: http.RequestListener | undefined;
  // The same app, answering only the in-process emulators until then: the warm-up below asks them
  // (through this server, as in production), and would otherwise wait for itself until it timed out.
  let emulatorApp: http.RequestListener | undefined;
  let resolveApp: (app: http.RequestListener) => void = () => {};
  const appReady = new Promise<http.RequestListener>((resolve) => {
    resolveApp = resolve;
  });
  let stopping = false;
  // Per connection, from the first one on: requests in progress, and requests seen so far (so a
  // shutdown can tell a connection that stayed idle from one whose next request has just arrived).
  const connections = new Map<net.Socket, { active: number; seen: number }>();
  let accepted = 0;
  // Runs first for each request, before the app writes anything (it may answer at once).
  const trackRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) {
      connection.active += 1;
      connection.seen += 1;
      res.once("close", () => {
        connection.active -= 1;
      });
    }
    // Once stopping, every response tells its client not to reuse the connection.
    if (stopping) res.setHeader("Connection", "close");
    // An answer sent before the request's body was read in full (a refusal: too large, the wrong type,
    // another origin): the rest is read and discarded, so that the client, still sending, receives the
    // answer rather than a reset, and its next request on this connection is not stuck behind the rest.
    // (A request without a body is not yet `complete` while its answer is written in the same turn.)
    const hasBody =
      req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (hasBody) res.once("finish", () => discardUnreadBody(req, runtime));
  };
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    trackRequest(req, res);
    if (app) app(req, res);
    else if (emulatorApp && req.url?.startsWith("/__sandbox/")) emulatorApp(req, res);
    else void appReady.then((ready) => ready(req, res));
  });
  server.keepAliveTimeout = 65_000;
  server.on("connection", (socket: net.Socket) => {
    accepted += 1;
    connections.set(socket, { active: 0, seen: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const loopbackHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const selfOrigin = `http://${loopbackHost.includes(":") ? `[${loopbackHost}]` : loopbackHost}:${port}`;

  // PORT=0 (any free port): an unset PUBLIC_SITE_URL defaults to this server on the port it got.
  const listeningEnv =
    port !== env.PORT && env.PUBLIC_SITE_URL === runtime.defaultPublicSiteUrl(env.HOST, env.PORT)
      ? { ...env, PORT: port, PUBLIC_SITE_URL: runtime.defaultPublicSiteUrl(env.HOST, port) }
      : env;
  const sandbox: Sandbox = await startSandbox({ env: listeningEnv, logger, selfOrigin });
  // The emulators' addresses and keys are values of the checked environment's own types: merged, not
  // parsed again.
  const effectiveEnv: Env = { ...listeningEnv, ...sandbox.envOverrides };
  const services: AppServices = await runtime
    .createServices(effectiveEnv, logger, {
      migrationsFolder: path.join(root, "drizzle"),
      inProcessEmulators: sandbox.active,
    })
    .catch((error: unknown) => {
      // A refusal the operator can act on (another server holds PGLITE_DIR) is said plainly, without a stack.
      if (error instanceof runtime.DataDirectoryInUseError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    });

  // The lab emulator signs with the secret the site made for it, and lists the registered kits.
  if (sandbox.active.includes("lab")) sandbox.connectLab(runtime.sandboxLabLink(services));
  // The sandbox's sample reviews, only where this process runs the Shopify emulator (decision 085).
  if (sandbox.active.includes("shopify")) {
    await runtime.recordSampleReviews(services.database.db, sampleReviews(), logger);
  }
  const publicConfig = publicConfigSource(
    { paymentsEmulated: sandbox.active.includes("stripe"), variantIds: services.catalogConfig.variantIds },
    () => runtime.shownOffers(services),
    () => services.shownRatings.current(),
  );
  const httpApp = createHttpApp({
    services,
    routeServices: runtime.routeServicesOf(services),
    mode,
    sandbox: sandbox.active.length ? { router: sandbox.router, active: sandbox.active } : undefined,
    publicConfig,
  });
  if (sandbox.active.length) emulatorApp = httpApp.listener;
  // The first read of the shown prices and ratings, before the first request is answered (bounded: a
  // slow store or database delays the start by at most 2 s; the pages then show their defaults).
  await Promise.all([runtime.warmShownOffers(services, 2_000), services.shownRatings.warm(2_000)]);
  app = httpApp.listener;
  resolveApp(app);
  // The public origin too: where return URLs, e-mail links and the sandbox pay page point.
  logger.info(
    {
      url: selfOrigin,
      publicSiteUrl: effectiveEnv.PUBLIC_SITE_URL,
      mode: mode.kind,
      emulators: sandbox.active,
    },
    "server listening",
  );

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Closing the services is bounded (a silent database cannot hold it up); should anything else hang,
    // the process still ends, within SHUTDOWN_TIMEOUT_MS plus 5 s of the signal.
    const last = setTimeout(
      () => {
        logger.error("shutdown overran its bound: exiting now");
        process.exit(1);
      },
      env.SHUTDOWN_TIMEOUT_MS + runtime.CLOSE_SERVICES_MS + 1_000,
    );
    last.unref();
    // Connections with no request in progress are closed once they have stayed so across two sweeps
    // (keep-alive connections between requests). One idle at a single sweep may hold a request that is
    // already in its socket but not yet read, when a busy event loop got to the signal first: it gets
    // until the next sweep to show it.
    let idleAtLastSweep = new Map<net.Socket, number>();
    const drain = setInterval(() => {
      const idleNow = new Map<net.Socket, number>();
      for (const [socket, connection] of connections) {
        if (connection.active > 0) continue;
        if (idleAtLastSweep.get(socket) === connection.seen) socket.destroy();
        else idleNow.set(socket, connection.seen);
      }
      idleAtLastSweep = idleNow;
    }, 200);
    const shutdownDeadline = Date.now() + env.SHUTDOWN_TIMEOUT_MS;
    const stopped = async () => {
      clearInterval(drain);
      // Work whose client left before its answer still finishes, within the shutdown timeout.
      await Promise.race([
        httpApp.settled(),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, shutdownDeadline - Date.now()))),
      ]);
      clearTimeout(force);
      if (mode.kind === "development") await mode.vite.close();
      await runtime.closeServices(services);
      await sandbox.close();
      logger.info("stopped");
      await runtime.flushLogs(logger);
      process.exit(0);
    };
    // Stop accepting once the connections the kernel completed before the signal have been taken (a
    // busy event loop takes them one per turn, and closing the listener resets the rest): when
    // QUIET_TURNS turns of the event loop, lasting QUIET_MS at least, pass without a new one, or after
    // ACCEPT_GRACE_MS. (One quiet turn was not enough on a starved machine: a turn can pass without
    // taking a connection that is waiting.) With net.Server's close, not http.Server's: since Node 19
    // that one also destroys at once every connection without a request in progress, including those
    // whose request is waiting unread.
    const graceEnds = Date.now() + Math.min(ACCEPT_GRACE_MS, env.SHUTDOWN_TIMEOUT_MS);
    let quietTurns = 0;
    let quietSince = Date.now();
    let acceptedBefore = accepted;
    const closeListenerWhenQuiet = () => {
      // A short timer, not setImmediate: each wait is a turn with a poll for connections, without spinning.
      setTimeout(() => {
        const now = Date.now();
        if (accepted !== acceptedBefore) {
          acceptedBefore = accepted;
          quietTurns = 0;
          quietSince = now;
        } else {
          quietTurns += 1;
        }
        const quiet = quietTurns >= QUIET_TURNS && now - quietSince >= QUIET_MS;
        if (quiet || now >= graceEnds) net.Server.prototype.close.call(server, stopped);
        else closeListenerWhenQuiet();
      }, 10);
    };
    closeListenerWhenQuiet();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
