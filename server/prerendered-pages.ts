import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import Negotiator from "negotiator";
import { isNewsletterStatus, NEWSLETTER_STATUS_PARAM, newsletterStatusText } from "../app/content/newsletter";
import type { PublicRuntimeConfig } from "../app/lib/document-runtime";
import { compileTemplate, renderTemplate, type Template } from "./page-template";
import type { SetSecurityHeaders } from "./security-headers";

/**
 * Serves the HTML that React Router prerendered at build time, with this response's CSP nonce and
 * runtime configuration in place of the build's placeholders (docs/decisions/002, 015).
 */

/** Map of URL path → compiled page, from every `index.html` under the client build. */
export function loadPrerenderedPages(clientDir: string): Map<string, Template> {
  const pages = new Map<string, Template>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== "assets") walk(full);
      } else if (name === "index.html") {
        const rel = path.relative(clientDir, path.dirname(full)).split(path.sep).join("/");
        pages.set(rel === "" ? "/" : `/${rel}`, compileTemplate(readFileSync(full, "utf8")));
      }
    }
  };
  walk(clientDir);
  return pages;
}

function splitUrl(url: string): { pathname: string; search: string } {
  const question = url.indexOf("?");
  return question === -1
    ? { pathname: url, search: "" }
    : { pathname: url.slice(0, question), search: url.slice(question + 1) };
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** gzip when the client takes it (and does not prefer no encoding); brotli is not offered. */
function wantsGzip(req: IncomingMessage): boolean {
  if (!req.headers["accept-encoding"]) return false;
  return new Negotiator(req).encoding(["gzip", "identity"]) === "gzip";
}

/**
 * Sends a compiled page with this response's nonce, the runtime configuration and, for a sign-up
 * posted without JavaScript that comes back here, its status (a fixed set of messages).
 */
export function sendTemplate(
  req: IncomingMessage,
  res: ServerResponse,
  template: Template,
  values: { nonce: string; config: PublicRuntimeConfig },
): void {
  const status = new URLSearchParams(splitUrl(req.url ?? "/").search).get(NEWSLETTER_STATUS_PARAM);
  const gzip = wantsGzip(req);
  const chunks = renderTemplate(
    template,
    { ...values, newsletterStatus: newsletterStatusText(isNewsletterStatus(status) ? status : null) },
    gzip ? "gzip" : "identity",
  );
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  // Each response carries its own nonce, so the page is revalidated rather than reused.
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader(
    "Content-Length",
    chunks.reduce((length, chunk) => length + chunk.length, 0),
  );
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  // One write. Corked writes stalled behind a compressing middleware (a client that takes deflate but
  // neither gzip nor br gets the page compressed on the way out): its stream paused on the corked
  // response's back-pressure, which no drain ever released (docs/decisions/147-streamed-pages-compressed-as-one.md).
  res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

export type PrerenderedPagesFrontOptions = {
  clientDir: string;
  /** The runtime configuration for this response (its offers change as Shopify's prices do). */
  runtimeConfig: () => PublicRuntimeConfig;
  setSecurityHeaders: SetSecurityHeaders;
  /** The request log, as the Express stack has it (pino-http on Node's request and response). */
  logRequest: (req: IncomingMessage, res: ServerResponse) => void;
};

/**
 * Serves the prerendered pages ahead of Express, as a static file server in front of an app server
 * would: these pages have nothing for the app to decide, and Express's own work per request costs
 * three times the page's (docs/decisions/015-serving-prerendered-pages.md). Each response still gets
 * what the Express stack gives every response: its log line and request id, the security headers and
 * a fresh nonce. Returns false, having done nothing, for any other request.
 */
export function prerenderedPagesFront(options: PrerenderedPagesFrontOptions) {
  const pages = loadPrerenderedPages(options.clientDir);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const template = pages.get(normalizePath(splitUrl(req.url ?? "/").pathname));
    if (!template) return false;
    options.logRequest(req, res);
    const nonce = options.setSecurityHeaders(res);
    sendTemplate(req, res, template, { nonce, config: options.runtimeConfig() });
    return true;
  };
}
