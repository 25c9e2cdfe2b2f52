/**
 * The HTML the emulator's browser pages share (pay page, sandbox dashboard): one look, escaped text,
 * no script (they work under the site's Content-Security-Policy and without JavaScript).
 */

import { escapeHtml } from "../html";

/**
 * Stripe's custom text, as Checkout renders it: plain text with markdown links (`[text](https://…)`),
 * everything else escaped; a link only to http(s).
 */
export function inlineMarkdown(text: string): string {
  const link = /\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;
  let out = "";
  let last = 0;
  for (const match of text.matchAll(link)) {
    out += escapeHtml(text.slice(last, match.index));
    out += `<a href="${escapeHtml(match[2] ?? "")}">${escapeHtml(match[1] ?? "")}</a>`;
    last = (match.index ?? 0) + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

export const STYLE = `
:root { color-scheme: light; --ink: #111827; --muted: #4b5563; --line: #d1d5db; --accent: #b45309;
  --error: #b91c1c; --bg: #f9fafb; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  background: var(--bg); }
.ribbon p { margin: 0; }
.ribbon { margin: 0; background: #fef3c7; color: #78350f; text-align: center; padding: .5rem 1rem;
  font-size: .875rem; border-bottom: 1px solid #fcd34d; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; display: grid; gap: 2rem; }
@media (min-width: 48rem) { main { grid-template-columns: 1fr 1fr; padding-top: 3rem; } }
h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
h2 { font-size: 1rem; margin: 0 0 .75rem; }
.total { font-size: 2rem; font-weight: 700; margin: .25rem 0 1.5rem; }
.muted { color: var(--muted); }
ul.lines { list-style: none; padding: 0; margin: 0 0 1rem; }
ul.lines li { display: flex; justify-content: space-between; gap: 1rem; padding: .75rem 0;
  border-bottom: 1px solid var(--line); }
dl.sum { display: grid; grid-template-columns: 1fr auto; gap: .25rem 1rem; margin: 0; }
dl.sum dt { color: var(--muted); } dl.sum dd { margin: 0; text-align: right; }
dl.sum .grand { font-weight: 700; color: var(--ink); }
form { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; }
fieldset { border: 0; padding: 0; margin: 0 0 1.25rem; }
legend { font-weight: 600; margin-bottom: .5rem; padding: 0; }
label { display: block; font-size: .875rem; font-weight: 500; margin: .75rem 0 .25rem; }
input, select { width: 100%; font: inherit; padding: .625rem .75rem; border: 1px solid #9ca3af; border-radius: .5rem;
  background: #fff; color: var(--ink); }
input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible {
  outline: 3px solid #2563eb; outline-offset: 2px; }
input[aria-invalid="true"], select[aria-invalid="true"] { border-color: var(--error); }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 0 .75rem; }
.hint { font-size: .8125rem; color: var(--muted); margin: .25rem 0 0; }
.field-error { font-size: .8125rem; color: var(--error); margin: .25rem 0 0; font-weight: 500; }
.alert { border: 1px solid var(--error); background: #fef2f2; color: #7f1d1d; border-radius: .5rem;
  padding: .75rem 1rem; margin-bottom: 1rem; }
.alert ul { margin: .25rem 0 0; padding-left: 1.25rem; }
.alert a { color: inherit; }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; margin-top: 1rem; }
button { font: inherit; font-weight: 600; border: 0; border-radius: .5rem; padding: .75rem 1.5rem; cursor: pointer;
  background: var(--ink); color: #fff; min-width: 10rem; }
button:hover { background: #374151; }
a { color: #1d4ed8; }
.testcards { font-size: .8125rem; background: #f3f4f6; border-radius: .5rem; padding: .75rem 1rem; margin: 0 0 1rem; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; white-space: nowrap; }
.promo { margin: 1rem 0; padding: 1rem; }
.promo .inline { display: flex; gap: .5rem; align-items: stretch; }
.promo .inline input { flex: 1; min-width: 0; }
.promo button, button.secondary { min-width: 0; padding: .625rem 1rem; }
button.secondary { background: #fff; color: var(--ink); border: 1px solid #9ca3af; }
button.secondary:hover { background: #f3f4f6; }
.applied { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .5rem; margin: 0; }
.consent { display: flex; gap: .75rem; align-items: flex-start; margin: 1rem 0 0; }
.consent input { width: 1.25rem; height: 1.25rem; margin: .15rem 0 0; flex: none; }
.consent label { margin: 0; font-size: .9375rem; font-weight: 400; }
.status { border: 1px solid #15803d; background: #f0fdf4; color: #14532d; border-radius: .5rem; padding: .75rem 1rem; }
.notice { grid-column: 1 / -1; max-width: 32rem; margin: 4rem auto; background: #fff; border: 1px solid var(--line); border-radius: .75rem;
  padding: 2rem; text-align: center; }
`;

export function page(
  title: string,
  body: string,
  ribbon = "Sandbox: no real payments. This page stands in for Stripe Checkout.",
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="ribbon"><p>${escapeHtml(ribbon)}</p></header>
${body}
</body>
</html>`;
}

export function notice(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `<main><div class="notice"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ""
    }</div></main>`,
  );
}
