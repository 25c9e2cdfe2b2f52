import http, { type RequestListener } from "node:http";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { cachedPaths } from "../app/content/routes";
import type { PublicRuntimeConfig } from "../app/lib/document-runtime";
import type { RouteServices } from "../app/server/runtime/route-services.server";
import type { AppServices } from "../app/server/runtime/services.server";
import { precompressedAssets } from "./asset-encodings";
import { pageCache } from "./page-cache";
import { prerenderedPagesFront } from "./prerendered-pages";
import { createReactRouterHandler } from "./react-router-handler";
import { requestLog } from "./request-log";
import { isSubresourceAsset, securityHeaders, subresourceHeaders } from "./security-headers";

export type HttpAppOptions = {
  services: AppServices;
  /** What every request's load context carries: the route-facing record of `services` (routeServicesOf). */
  routeServices: RouteServices;
  /** Production: the built server and the client directory. Development: Vite's dev server. */
  mode:
    | { kind: "production"; build: ServerBuild; clientDir: string }
    | { kind: "development"; vite: import("vite").ViteDevServer };
  /** Express routers mounted under /__sandbox while an emulator is in use. */
  sandbox?: { router: express.Router; active: string[] };
  /** The public runtime configuration for a response (server/public-config.ts). */
  publicConfig: () => PublicRuntimeConfig;
  formActionOrigins?: string[];
};

export type HttpApp = {
  /** Express, with the prerendered pages served ahead of it in production. */
  listener: RequestListener;
  /** Resolves once no request's handler is running, including those whose client has gone. */
  settled(): Promise<void>;
};

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { services, mode } = options;
  const { env, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  // Only the configured number of proxies is trusted for the client address (req.ip).
  app.set("trust proxy", env.TRUST_PROXY_HOPS);

  const logRequest = requestLog(logger);
  app.use(logRequest);
  // gzip and deflate end every write with a sync flush: what is written goes out at once (a streamed
  // page's shell is not held back) and the compressor keeps its window. The middleware's own flush, which
  // React Router's adapter calls after every chunk, is a full flush that empties the window: a streamed
  // page came out twice its size in gzip (/reviews 22.5 KB, 10.9 KB compressed whole). Brotli's flush
  // keeps its state, so it stays (docs/decisions/147-streamed-pages-compressed-as-one.md).
  const compress = compression({ flush: zlibConstants.Z_SYNC_FLUSH });
  app.use((req, res, next) => {
    // compression() only changes a response the client accepts compressed; for any other it would
    // only wrap the response. Caches are still told that responses vary with Accept-Encoding.
    if (!req.headers["accept-encoding"]) {
      res.setHeader("Vary", "Accept-Encoding");
      return next();
    }
    compress(req, res, (error?: unknown) => {
      const flush = res.flush;
      res.flush = () => {
        if (res.getHeader("Content-Encoding") === "br") flush.call(res);
      };
      next(error);
    });
  });
  const setSecurityHeaders = securityHeaders({
    formActionOrigins: options.formActionOrigins ?? [],
    development: mode.kind === "development",
    https: env.PUBLIC_SITE_URL.startsWith("https://"),
  });
  const setSubresourceHeaders = subresourceHeaders({
    formActionOrigins: options.formActionOrigins ?? [],
    development: mode.kind === "development",
    https: env.PUBLIC_SITE_URL.startsWith("https://"),
  });
  app.use((req, res, next) => {
    // The build's scripts, stylesheets and fonts carry only the headers that act on them.
    if (mode.kind === "production" && isSubresourceAsset(req.path)) setSubresourceHeaders(res);
    else res.locals.cspNonce = setSecurityHeaders(res);
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const database = await services.database.ping();
    res.status(database ? 200 : 503).json({ status: database ? "ready" : "unavailable", database });
  });

  if (options.sandbox) app.use("/__sandbox", options.sandbox.router);

  if (mode.kind === "production") {
    // Scripts and stylesheets compressed once at their strongest (server/asset-encodings.ts).
    const precompressed = precompressedAssets(path.join(mode.clientDir, "assets"));
    app.use("/assets", (req, res, next) => {
      if (!precompressed.serve(req, res, req.baseUrl + req.path)) next();
    });
    // Hashed assets never change: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(mode.clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: false,
      }),
    );
    if (env.PAGE_CACHE_FRESH_SECONDS > 0) {
      app.use(
        pageCache({
          build: mode.build,
          services: options.routeServices,
          paths: cachedPaths,
          origin: env.PUBLIC_SITE_URL,
          runtimeConfig: options.publicConfig,
          setSecurityHeaders,
          freshMs: env.PAGE_CACHE_FRESH_SECONDS * 1000,
          maxStaleMs: Math.max(60_000, env.PAGE_CACHE_FRESH_SECONDS * 6_000),
        }),
      );
    }
    // Everything else in build/client (favicon, robots.txt, .data files): revalidated each time.
    app.use(
      express.static(mode.clientDir, {
        index: false,
        redirect: false,
        setHeaders: (res) => res.setHeader("Cache-Control", "public, max-age=0, must-revalidate"),
      }),
    );
  } else {
    app.use(mode.vite.middlewares);
  }

  const handler = createReactRouterHandler({
    build:
      mode.kind === "production"
        ? mode.build
        : () => mode.vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: mode.kind,
    getLoadContext: (req, res) => ({
      services: options.routeServices,
      requestId: String(req.id),
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      afterResponse(task) {
        const afterwards = new Promise<void>((resolve) => res.once("close", resolve))
          .then(task)
          .catch((error: unknown) =>
            logger.error({ err: error, requestId: String(req.id) }, "work after the answer failed"),
          );
        track(afterwards);
      },
      // Read when a document is rendered, not for every function call or data request: the
      // configuration's offers may start a background read of Shopify's prices (decision 080).
      get documentRuntime() {
        return { nonce: res.locals.cspNonce as string, config: options.publicConfig() };
      },
    }),
  });
  app.use((req, res, next) => {
    // Server-rendered HTML is personal to this request (its nonce): revalidated, never reused as is.
    // The functions under /api set their own (no-store); React Router appends, so no default there.
    if (!req.path.startsWith("/api/") && !res.getHeader("Cache-Control"))
      res.setHeader("Cache-Control", "no-cache");
    const work = handler(req, res, next).then((outcome) => {
      if (outcome === "unreadable") refuseUnreadableRequest(req, res);
    });
    track(work);
  });
  // The last word on any error passed to next(): Express's own handler prints the stack and the
  // server's paths unless its env (NODE_ENV) is "production", and NODE_ENV may be unset or "test".
  app.use(answerErrorsPlainly(logger));
  // An action runs to its end even when its client has gone (server/react-router-handler.ts):
  // shutdown waits for these before closing the database.
  // So is the work they leave for after their answer (context.afterResponse).
  const running = new Set<Promise<unknown>>();
  const idleWaiters: (() => void)[] = [];
  function track(work: Promise<unknown>) {
    running.add(work);
    void work.finally(() => {
      running.delete(work);
      if (running.size === 0) for (const resolve of idleWaiters.splice(0)) resolve();
    });
  }
  const settled = () =>
    running.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve));
  if (mode.kind === "development") return { listener: app, settled };
  // In production the prerendered pages are served ahead of all this (decision 015).
  const servePrerendered = prerenderedPagesFront({
    clientDir: mode.clientDir,
    runtimeConfig: options.publicConfig,
    setSecurityHeaders,
    logRequest,
  });
  return {
    listener: (req, res) => {
      if (!servePrerendered(req, res)) app(req, res);
    },
    settled,
  };
}

/**
 * Answers an error with its status (a 4xx that express.static or another middleware gave it, else 500)
 * and that status's name in plain text: never a message, stack or path, whatever NODE_ENV says.
 * `/assets/nope.js` is 404, `/assets/../x` 403 (express.static refuses to go up), `/assets/%E0` 400.
 */
function answerErrorsPlainly(logger: AppServices["logger"]): express.ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const given = (error as { status?: unknown; statusCode?: unknown } | null) ?? {};
    const status = [given.status, given.statusCode].find(
      (value): value is number => typeof value === "number" && value >= 400 && value <= 599,
    );
    const answer = status ?? 500;
    if (answer >= 500) logger.error({ err: error, requestId: String(req.id) }, "request failed");
    // Too late for a status: the client gets a cut connection rather than half an answer.
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    res.status(answer);
    for (const name of res.getHeaderNames()) {
      // Whatever the failed middleware had set about its own answer does not describe this one.
      if (/^(content-(type|length|encoding|disposition|range)|etag|last-modified|accept-ranges)$/i.test(name))
        res.removeHeader(name);
    }
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain").send(http.STATUS_CODES[answer] ?? "Error");
  };
}

/** Methods a Fetch Request cannot carry. */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function refuseUnreadableRequest(req: express.Request, res: express.Response) {
  const method = FETCH_FORBIDDEN_METHODS.has(req.method.toUpperCase());
  if (method) res.setHeader("Allow", "GET, HEAD, POST");
  res.setHeader("Cache-Control", "no-store");
  res
    .status(method ? 405 : 400)
    .type("text/plain")
    .send(method ? "Method Not Allowed" : "Bad Request: the Host header is not valid.");
}
