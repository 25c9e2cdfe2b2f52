import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { isNewsletterStatus, NEWSLETTER_STATUS_PARAM, newsletterStatusText } from "../app/content/newsletter";
import {
  CONFIG_PLACEHOLDER,
  NEWSLETTER_STATUS_PLACEHOLDER,
  PRERENDER_NONCE,
  type PublicRuntimeConfig,
  SANDBOX_ATTRIBUTE,
  serializeConfig,
} from "../app/lib/document-runtime";

/**
 * Serves the HTML that React Router prerendered at build time, with this request's CSP nonce and
 * runtime configuration put in place of the build's placeholders. Pages are read once at start and
 * split around the placeholders, so each request only joins strings.
 */
type Slot = "nonce" | "config" | "html" | "newsletter";
export type Template = { parts: string[]; slots: Slot[] };

/** Per-request values written into a prerendered page. */
export type PageValues = { nonce: string; config: PublicRuntimeConfig; newsletterStatus?: string };

const NONCE_TOKEN = `nonce="${PRERENDER_NONCE}"`;
const HTML_TOKEN = '<html lang="en"';

export function compileTemplate(html: string): Template {
  const tokens: [string, Slot][] = [
    [NONCE_TOKEN, "nonce"],
    [CONFIG_PLACEHOLDER, "config"],
    [HTML_TOKEN, "html"],
    [NEWSLETTER_STATUS_PLACEHOLDER, "newsletter"],
  ];
  const parts: string[] = [];
  const slots: Template["slots"] = [];
  let rest = html;
  for (;;) {
    let next: { index: number; token: string; slot: Slot } | undefined;
    for (const [token, slot] of tokens) {
      const index = rest.indexOf(token);
      if (index !== -1 && (!next || index < next.index)) next = { index, token, slot };
    }
    if (!next) break;
    parts.push(rest.slice(0, next.index));
    slots.push(next.slot);
    rest = rest.slice(next.index + next.token.length);
  }
  parts.push(rest);
  return { parts, slots };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderTemplate(template: Template, page: PageValues): string {
  const { nonce, config } = page;
  const values: Record<Slot, string> = {
    nonce: `nonce="${nonce}"`,
    config: serializeConfig(config),
    html: config.paymentsEmulated ? `${HTML_TOKEN} ${SANDBOX_ATTRIBUTE}=""` : HTML_TOKEN,
    newsletter: escapeHtml(page.newsletterStatus ?? ""),
  };
  let out = template.parts[0] ?? "";
  for (let i = 0; i < template.slots.length; i++) {
    out += values[template.slots[i] as Slot] + (template.parts[i + 1] ?? "");
  }
  return out;
}

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

/** Sends a compiled page with this request's nonce, runtime configuration and sign-up status. */
export function sendTemplate(
  req: Request,
  res: Response,
  template: Template,
  runtimeConfig: PublicRuntimeConfig,
): void {
  // A sign-up posted without JavaScript comes back here with its status (a fixed set of messages).
  const status = req.query[NEWSLETTER_STATUS_PARAM];
  const html = renderTemplate(template, {
    nonce: res.locals.cspNonce as string,
    config: runtimeConfig,
    newsletterStatus: newsletterStatusText(isNewsletterStatus(status) ? status : null),
  });
  res.status(200);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  // Each response carries its own nonce, so the page is revalidated rather than reused.
  res.setHeader("Cache-Control", "no-cache");
  res.send(html);
}

export function servePrerenderedPages(
  pages: Map<string, Template>,
  runtimeConfig: PublicRuntimeConfig,
): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const template = pages.get(normalizePath(req.path));
    if (!template) return next();
    sendTemplate(req, res, template, runtimeConfig);
  };
}

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
