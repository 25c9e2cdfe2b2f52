import { randomUUID } from "node:crypto";
import { pinoHttp } from "pino-http";
import type { Logger } from "../app/server/runtime/logger.server";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * One log line per request, and its id (X-Request-Id: the caller's when it is a plain token, else a
 * new one) on req.id and on the response. Works on Node's own request and response, so the pages
 * served ahead of Express log exactly as the rest.
 */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      if (res.statusCode >= 400) return "warn";
      return "info";
    },
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    // One compact line per request: no headers (they hold cookies and tokens), no query string.
    serializers: {
      // An order page's path is its signed link: whoever reads the logs must not be able to open it.
      req: (req) => ({
        id: req.id,
        method: req.method,
        path: String(req.url)
          .split("?")[0]
          ?.replace(/^\/orders\/[^/]+/, "/orders/[link]"),
      }),
      res: (res) => ({ status: res.statusCode }),
    },
  });
}
