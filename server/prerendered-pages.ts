import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import Negotiator from "negotiator";
import { isNewsletterStatus, NEWSLETTER_STATUS_PARAM, newsletterStatusText } from "../app/content/newsletter";
import type { PublicRuntimeConfig } from "../app/lib/document-runtime";
import { compileTemplate, pageVariant, type Template } from "./page-template";
import type { SetSecurityHeaders } from "./security-headers";

/**
 * Serves the HTML that React Router prerendered at build time, with the runtime configuration in place
 * of the build's placeholders (docs/decisions/002, 015, 148).
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

/** The strongest encoding the client takes of those the page has now (Brotli once compressed). */
function chooseEncoding(req: IncomingMessage, brotli: boolean): "br" | "gzip" | "identity" {
  if (!req.headers["accept-encoding"]) return "identity";
  const available = brotli ? ["br", "gzip", "identity"] : ["gzip", "identity"];
  // Ours decides between encodings the client rates alike ("gzip, deflate, br, zstd": Brotli). Negotiator
  // 1.x takes that order (`preferred`); its type definitions predate it.
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  const chosen = negotiator.encoding(available, { preferred: available });
  return chosen === "br" || chosen === "gzip" ? chosen : "identity";
}

/**
 * Sends a compiled page with the runtime configuration and, for a sign-up posted without JavaScript
 * that comes back here, its status (a fixed set of messages): the same bytes for every response with
 * those, compressed once, and security headers whose CSP allows the page's inline scripts by hash.
 */
export function sendTemplate(
  req: IncomingMessage,
  res: ServerResponse,
  template: Template,
  values: { config: PublicRuntimeConfig; setSecurityHeaders: SetSecurityHeaders },
): void {
  const status = new URLSearchParams(splitUrl(req.url ?? "/").search).get(NEWSLETTER_STATUS_PARAM);
  const page = pageVariant(template, {
    config: values.config,
    newsletterStatus: newsletterStatusText(isNewsletterStatus(status) ? status : null),
  });
  values.setSecurityHeaders(res, page.scriptHashes);
  const encoding = chooseEncoding(req, page.brotli !== null);
  const body = encoding === "br" ? (page.brotli as Buffer) : encoding === "gzip" ? page.gzip : page.identity;
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  // The configuration (its prices) changes while the server runs: the page is revalidated, not reused.
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  // One write. Corked writes stalled behind a compressing middleware (a client that takes deflate but
  // neither gzip nor br gets the page compressed on the way out): its stream paused on the corked
  // response's back-pressure, which no drain ever released (docs/decisions/147-streamed-pages-compressed-as-one.md).
  res.end(body);
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
 * what the Express stack gives every response: its log line and request id, and the security headers
 * (its CSP naming the page's scripts by hash). Returns false, having done nothing, for any other request.
 */
export function prerenderedPagesFront(options: PrerenderedPagesFrontOptions) {
  const pages = loadPrerenderedPages(options.clientDir);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const template = pages.get(normalizePath(splitUrl(req.url ?? "/").pathname));
    if (!template) return false;
    options.logRequest(req, res);
    sendTemplate(req, res, template, {
      config: options.runtimeConfig(),
      setSecurityHeaders: options.setSecurityHeaders,
    });
    return true;
  };
}
