import { describe, expect, it } from "vitest";
import { CONFIG_PLACEHOLDER, PRERENDER_NONCE } from "~/lib/document-runtime";
import { compileTemplate, renderTemplate } from "../../server/prerendered-pages";

const page = `<!DOCTYPE html><html lang="en"><head><script id="c" type="application/json" nonce="${PRERENDER_NONCE}">${CONFIG_PLACEHOLDER}</script></head><body><script nonce="${PRERENDER_NONCE}">boot()</script></body></html>`;

describe("prerendered page templates", () => {
  it("puts the request's nonce into every script", () => {
    const html = renderTemplate(compileTemplate(page), "abc123==", { paymentsEmulated: false });
    expect(html.match(/nonce="abc123=="/g)).toHaveLength(2);
    expect(html).not.toContain(PRERENDER_NONCE);
  });

  it("writes the runtime configuration as JSON with < escaped", () => {
    const html = renderTemplate(compileTemplate(page), "n", { paymentsEmulated: true });
    expect(html).toContain('{"paymentsEmulated":true}');
    expect(html).toContain('<html lang="en" data-sandbox-payments=""');
  });

  it("leaves the html element alone when payments are real", () => {
    const html = renderTemplate(compileTemplate(page), "n", { paymentsEmulated: false });
    expect(html).toContain('<html lang="en"><head>');
  });
});
