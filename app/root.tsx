import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import fontUrl from "~/assets/fonts/archivo-latin-wght-normal.woff2?url";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFound } from "~/components/sections/not-found";
import { Toaster } from "~/components/ui/toaster";
import { CONFIG_ELEMENT_ID, SANDBOX_ATTRIBUTE, useDocumentValues } from "~/lib/document-runtime";
import { RENDER_NEAR_ONLY_SWITCH } from "~/lib/render-when-near";
import { WEB_FONT_LOADER, webFontFace } from "~/lib/web-font";
import stylesheet from "~/styles/app.css?url";
import type { Route } from "./+types/root";

export const links: LinksFunction = () => [
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  const { nonce, configText, config } = useDocumentValues();
  const htmlAttributes = config.paymentsEmulated ? { [SANDBOX_ATTRIBUTE]: "" } : {};
  return (
    // The server may add the sandbox attribute to prerendered pages; the browser keeps it as sent.
    <html lang="en" {...htmlAttributes} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07080a" />
        <Meta />
        {/* The web font's face and the start of its load, before the stylesheet (app/lib/web-font.ts). */}
        <style
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant rule with the build's own asset URL.
          dangerouslySetInnerHTML={{ __html: webFontFace(fontUrl) }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant one-line script.
          dangerouslySetInnerHTML={{ __html: WEB_FONT_LOADER }}
        />
        {/* Far content rendered as it nears the screen, unless the page is about to jump (decision 149).
            Only the server's HTML runs it; hydration keeps it as served, so the browser's bundle leaves
            its text out (as BeforeHydrationScript does). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant one-line script.
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? RENDER_NEAR_ONLY_SWITCH : "" }}
        />
        <Links />
        <script
          id={CONFIG_ELEMENT_ID}
          type="application/json"
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON serialised with `<` escaped.
          dangerouslySetInnerHTML={{ __html: configText }}
        />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-ember-500 px-5 py-3 font-bold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {/* A labelled landmark, so the notice is not content outside every landmark (axe "region"). In
            the page's flow above the header, never over it: a fixed pill covered an FAQ toggle, review
            text and the contact e-mail link. */}
        <aside
          aria-label="Sandbox notice"
          className="sandbox-ribbon border-b border-gold-400/40 bg-ink-950 px-3 py-1 text-center text-xs font-bold text-gold-400"
        >
          Sandbox: no real payments
        </aside>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the document as interactive: styles and tests can tell the enhanced page from the HTML one.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <section className="container-page py-24 text-center">
      <title>Something went wrong | Forge</title>
      <h1 className="heading-display text-headline text-white">Something went wrong</h1>
      <p className="mt-4 text-lg text-ink-200">Please try again in a moment.{detail ? ` (${detail})` : ""}</p>
      <a href="/" className="mt-8 inline-block font-bold text-ember-400 underline underline-offset-4">
        Return to Home
      </a>
    </section>
  );
}
