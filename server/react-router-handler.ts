import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";

/**
 * Express → React Router, as @react-router/express does it, with one difference: a request that
 * changes something (any method but GET and HEAD) is not aborted when its client goes away. React
 * Router stops waiting for an aborted action, but the action itself runs on, out of sight: a checkout
 * would create its Stripe session and then find the database closed by a shutdown that no longer
 * knew of it. Here the action runs to its end inside the handler, so what the handler's promise
 * covers is all the work (server/http-app.ts waits for it on shutdown). A page or data read still
 * stops when its reader leaves.
 *
 * Resolves "unreadable" without answering when the request cannot be made into a Fetch Request (a
 * method Fetch refuses, a Host that makes no URL): the client's mistake, for the caller to answer.
 */
export type ReactRouterHandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

export function createReactRouterHandler(options: ReactRouterHandlerOptions) {
  const handle = createRequestHandler(options.build, options.mode);
  return async (
    req: ExpressRequest,
    res: ExpressResponse,
    next: NextFunction,
  ): Promise<"answered" | "unreadable"> => {
    let request: Request;
    try {
      request = toFetchRequest(req, res);
    } catch {
      return "unreadable";
    }
    try {
      const response = await handle(request, options.getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
    return "answered";
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const port = [forwardedHost, req.get("host")]
    // The digits after the last colon: an IPv6 literal (`[::1]:3000`) has colons of its own.
    .map((host) => Number.parseInt(/:(\d+)$/.exec(host ?? "")?.[1] ?? "", 10))
    .find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
  if (req.method === "GET" || req.method === "HEAD") {
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    init.signal = controller.signal;
  } else {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's own Cache-Control (the order page's `private, no-store`) replaces http-app's default.
  for (const [name, value] of response.headers.entries())
    if (name === "cache-control") res.setHeader(name, value);
    else res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  if (response.headers.get("content-type")?.startsWith("application/json")) {
    // The functions' JSON answers are whole strings already: sent with their length in one write,
    // rather than pumped through as a stream (chunked, and a second write to end it).
    const body = Buffer.from(await response.arrayBuffer());
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // The client went away while the body was being written: nothing left to tell it.
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
