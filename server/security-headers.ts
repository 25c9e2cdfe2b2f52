import helmet from "helmet";
import { takeRandomBytes } from "./random-bytes";

/**
 * Security headers on every response, and an enforced Content-Security-Policy whose inline scripts are
 * allowed only by a nonce made fresh for each request (res.locals.cspNonce) or, on a page that is the
 * same bytes for everyone (prerendered, or from the page cache), by their hashes. Styles may be inline:
 * React's `style` props and the toast library's injected sheet need it, and inline styles cannot run
 * code (docs/decisions/002-prerendered-pages-and-csp-nonce.md, 148).
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

/**
 * The opener policy of every document. The checkout tab is opened by window.open and then navigated;
 * same-origin-allow-popups keeps our handle to it so the page can send it to the checkout or close it.
 * A document with it never shares a browsing context group with one without it, so arriving from a
 * blank tab starts a new renderer process (decision 156).
 */
export const OPENER_POLICY = "same-origin-allow-popups";

/** A fresh nonce for each response: 16 bytes from the CSPRNG, as base64. */
export function nextNonce(): string {
  return takeRandomBytes(16).toString("base64");
}

/** Stands in for the inline scripts' source (a nonce, or hashes) while helmet writes the headers once at start. */
const SCRIPTS_MARK = "__forge_csp_scripts__";

/**
 * The headers of every response, written once by helmet with a marked script source. Only the CSP
 * differs between responses (its nonce or hashes), so it is kept as the text around the mark.
 */
export type SecurityHeaderSet = {
  fixed: [name: string, value: string][];
  csp: { name: string; before: string; after: string };
};

export function securityHeaderSet(options: SecurityHeaderOptions): SecurityHeaderSet {
  const scriptSrc = ["'self'", SCRIPTS_MARK, ...(options.development ? ["'unsafe-eval'"] : [])];
  const middleware = helmet({
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
    crossOriginOpenerPolicy: { policy: OPENER_POLICY },
    xFrameOptions: { action: "deny" },
  });

  const written = new Map<string, string>();
  let failure: unknown;
  middleware(
    {} as never,
    {
      setHeader: (name: string, value: string) => written.set(name, value),
      removeHeader: () => {},
    } as never,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  written.set("Permissions-Policy", PERMISSIONS_POLICY);

  const cspName = "Content-Security-Policy";
  const [before, after, ...rest] = (written.get(cspName) ?? "").split(SCRIPTS_MARK);
  if (before === undefined || after === undefined || rest.length > 0)
    throw new Error("the Content-Security-Policy must hold the script source exactly once");
  written.delete(cspName);
  return { fixed: [...written], csp: { name: cspName, before, after } };
}

/**
 * Sets the security headers on a response. Without `scriptHashes`: its inline scripts are allowed by a
 * fresh nonce, which it returns. With them (a page of fixed bytes): by those SHA-256 hashes (base64)
 * alone, and it returns "".
 */
export type SetSecurityHeaders = (
  res: { setHeader(name: string, value: string): unknown },
  scriptHashes?: readonly string[],
) => string;

export function securityHeaders(options: SecurityHeaderOptions): SetSecurityHeaders {
  // helmet runs once here, not once per request: every header but the CSP's script source is the same each time.
  const { fixed, csp } = securityHeaderSet(options);
  // A page's hash list is one array for all its responses: its sources are written once.
  const sourcesOf = new WeakMap<readonly string[], string>();
  const hashSources = (hashes: readonly string[]) => {
    let sources = sourcesOf.get(hashes);
    if (sources === undefined) {
      sources = hashes.map((hash) => `'sha256-${hash}'`).join(" ");
      sourcesOf.set(hashes, sources);
    }
    return sources;
  };
  return (res, scriptHashes) => {
    for (const [name, value] of fixed) res.setHeader(name, value);
    if (scriptHashes) {
      const sources = hashSources(scriptHashes);
      // A page without inline scripts: script-src is 'self' alone.
      res.setHeader(csp.name, sources ? csp.before + sources + csp.after : csp.before.trimEnd() + csp.after);
      return "";
    }
    const nonce = nextNonce();
    res.setHeader(csp.name, `${csp.before}'nonce-${nonce}'${csp.after}`);
    return nonce;
  };
}

/**
 * What a script, stylesheet or font of the build needs: nosniff (a script must be served as one),
 * Cross-Origin-Resource-Policy, and HSTS. The others (the CSP, framing, opener and permissions
 * policies) act on documents and workers only; sent with each of a page's 6-9 scripts they were 1 KB
 * of headers per file, which Lighthouse counts in the page's JavaScript (issue 19, decision 082).
 */
const SUBRESOURCE_HEADER_NAMES = new Set(
  ["X-Content-Type-Options", "Cross-Origin-Resource-Policy", "Strict-Transport-Security"].map((name) =>
    name.toLowerCase(),
  ),
);

/** The build's hashed scripts, stylesheets and fonts; anything else (an SVG can be a document) gets all. */
export const isSubresourceAsset = (path: string) => /^\/assets\/[^/]+\.(?:js|css|woff2)$/.test(path);

export function subresourceHeaders(options: SecurityHeaderOptions): SetSecurityHeaders {
  const headers = securityHeaderSet(options).fixed.filter(([name]) =>
    SUBRESOURCE_HEADER_NAMES.has(name.toLowerCase()),
  );
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    return "";
  };
}
