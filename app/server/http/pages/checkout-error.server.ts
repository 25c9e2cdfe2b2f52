import { escapeHtml, htmlResponse } from "./html.server";

/**
 * The buy button's answer without JavaScript when checkout cannot start: a short page in the tab the
 * form opened, saying why, with a link back to the page the buyer came from. Self-contained (its own
 * small style, no scripts): it is served from an API address, outside the app's document.
 */
export function checkoutErrorPage(failure: {
  status: number;
  message: string;
  backUrl: string;
  headers?: Record<string, string>;
}): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Checkout could not start</title>
<style>
body { margin: 0; font: 16px/1.6 system-ui, sans-serif; background: #0d0f12; color: #f5f6f8; }
main { max-width: 34rem; margin: 12vh auto; padding: 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
a { color: #ff8a4c; }
a:focus-visible { outline: 3px solid #ff8a4c; outline-offset: 3px; }
</style>
</head>
<body>
<main>
<h1>Checkout Error</h1>
<p>Unable to proceed to checkout. ${escapeHtml(failure.message)}</p>
<p><a href="${escapeHtml(failure.backUrl)}">Back to the store</a></p>
</main>
</body>
</html>`;
  return htmlResponse(html, failure.status, failure.headers);
}
