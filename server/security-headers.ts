import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Security headers on every response, and an enforced Content-Security-Policy whose scripts are
 * allowed only by a nonce made fresh for each request (res.locals.cspNonce). Styles may be inline:
 * React's `style` props and the toast library's injected sheet need it, and inline styles cannot run
 * code (docs/decisions/002-prerendered-pages-and-csp-nonce.md).
 */
export type SecurityHeaderOptions = {
  /** Origins the browser may be sent to by a form post (the hosted checkout). */
  formActionOrigins: string[];
  /** Development: Vite's dev server needs websockets and eval for hot reload. */
  development: boolean;
  /** Send HSTS and upgrade-insecure-requests (the site is served over https). */
  https: boolean;
};

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

export function assignNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
}

export function securityHeaders(options: SecurityHeaderOptions): RequestHandler[] {
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  const scriptSrc = ["'self'", nonce, ...(options.development ? ["'unsafe-eval'"] : [])];
  return [
    assignNonce(),
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": scriptSrc,
          "script-src-attr": ["'none'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:"],
          "font-src": ["'self'"],
          "connect-src": ["'self'", ...(options.development ? ["ws:", "wss:"] : [])],
          "frame-src": ["https://www.youtube-nocookie.com"],
          "media-src": ["'self'"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          // Stripe's hosted checkout: the no-JavaScript buy form is answered with a 303 to it.
          "form-action": ["'self'", "https://checkout.stripe.com", ...options.formActionOrigins],
          "frame-ancestors": ["'none'"],
          "manifest-src": ["'self'"],
          "worker-src": ["'self'"],
          ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      // HSTS is sent on every response; browsers only honour it over https.
      strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: false },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      // The checkout tab is opened by window.open and then navigated; same-origin-allow-popups keeps
      // our handle to it so the page can send it to the checkout or close it.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      xFrameOptions: { action: "deny" },
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
  ];
}
