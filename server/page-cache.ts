import type { RequestHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { type PublicRuntimeConfig, prerenderRuntime } from "../app/lib/document-runtime";
import type { RouteServices } from "../app/server/runtime/route-services.server";
import { compileTemplate, pageVariant, type Template } from "./page-template";
import { normalizePath, sendTemplate } from "./prerendered-pages";
import type { SetSecurityHeaders } from "./security-headers";

/**
 * A short-lived full-page cache for server-rendered pages that are the same for every visitor (those the
 * route table marks `cached`: the Enhancer page, the terms). The page is rendered in the background with
 * the prerender placeholders, complete (deferred data included), and served like a prerendered page:
 * compressed once, with the runtime configuration (docs/decisions/014-page-cache.md, 148, 150).
 *
 * Fresh for `freshMs`; then served stale while one background render refreshes it, up to `maxStaleMs`.
 * Cold (or too old), the request streams as usual, so the first byte never waits for Shopify, and a
 * render starts for the next visitor.
 */
export type PageCacheOptions = {
  build: ServerBuild;
  services: RouteServices;
  paths: string[];
  origin: string;
  runtimeConfig: () => PublicRuntimeConfig;
  /** The security headers with the page's scripts allowed by hash (it carries no nonce). */
  setSecurityHeaders: SetSecurityHeaders;
  freshMs: number;
  maxStaleMs: number;
  now?: () => number;
};

type Entry = { html: string; template: Template; renderedAt: number };

export function pageCache(options: PageCacheOptions): RequestHandler {
  const now = options.now ?? Date.now;
  const render = createRequestHandler(options.build, "production");
  const cacheable = new Set(options.paths);
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<void>>();
  const { logger } = options.services;

  function refresh(path: string): void {
    if (rendering.has(path)) return;
    const job = (async () => {
      const response = await render(
        new Request(`${options.origin}${path}`, { headers: { accept: "text/html" } }),
        {
          services: options.services,
          requestId: "page-cache",
          clientIp: "127.0.0.1",
          // A page rendered for the cache answers no one: its after-work runs at once.
          afterResponse: (task) =>
            void task().catch((error: unknown) =>
              logger.warn({ err: error, path }, "page cache: after-work failed"),
            ),
          documentRuntime: prerenderRuntime,
        },
      );
      // Only a complete, successful page is worth keeping.
      if (response.status !== 200) return;
      const html = await response.text();
      const kept = entries.get(path);
      // The same page as before (the usual case): its variants, compressed already, are kept.
      const template = kept?.html === html ? kept.template : compileTemplate(html);
      entries.set(path, { html, template, renderedAt: now() });
      // Compressed now rather than for the next visitor (Brotli takes about 0.1 s in the background).
      pageVariant(template, { config: options.runtimeConfig() });
    })()
      .catch((error: unknown) => logger.warn({ err: error, path }, "page cache: render failed"))
      .finally(() => rendering.delete(path));
    rendering.set(path, job);
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = normalizePath(req.path);
    if (!cacheable.has(path)) return next();
    const entry = entries.get(path);
    const age = entry ? now() - entry.renderedAt : Number.POSITIVE_INFINITY;
    if (age >= options.freshMs) refresh(path);
    if (!entry || age >= options.maxStaleMs) return next();
    res.setHeader("X-Page-Cache", age < options.freshMs ? "hit" : "stale");
    sendTemplate(req, res, entry.template, {
      config: options.runtimeConfig(),
      setSecurityHeaders: options.setSecurityHeaders,
    });
  };
}
