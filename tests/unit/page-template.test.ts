import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { placeholderVariantIds } from "~/content/catalog";
import { CONFIG_PLACEHOLDER, PRERENDER_NONCE } from "~/lib/document-runtime";
import { compileTemplate, type PageValues, renderTemplate, type Template } from "../../server/page-template";

const render = (template: Template, page: PageValues) => {
  const html = Buffer.concat(renderTemplate(template, page, "identity")).toString();
  // The gzipped response holds the same page.
  expect(gunzipSync(Buffer.concat(renderTemplate(template, page, "gzip"))).toString()).toBe(html);
  return html;
};

const page = `<!DOCTYPE html><html lang="en"><head><script id="c" type="application/json" nonce="${PRERENDER_NONCE}">${CONFIG_PLACEHOLDER}</script></head><body><script nonce="${PRERENDER_NONCE}">boot()</script></body></html>`;

describe("page templates", () => {
  it("puts the request's nonce into every script", () => {
    const html = render(compileTemplate(page), {
      nonce: "abc123==",
      config: { paymentsEmulated: false, variantIds: placeholderVariantIds },
    });
    expect(html.match(/nonce="abc123=="/g)).toHaveLength(2);
    expect(html).not.toContain(PRERENDER_NONCE);
  });

  it("writes the runtime configuration as JSON with < escaped", () => {
    const html = render(compileTemplate(page), {
      nonce: "n",
      config: { paymentsEmulated: true, variantIds: placeholderVariantIds },
    });
    expect(html).toContain('{"paymentsEmulated":true,"variantIds":{');
    expect(html).toContain('<html lang="en" data-sandbox-payments=""');
  });

  it("leaves the html element alone when payments are real", () => {
    const html = render(compileTemplate(page), {
      nonce: "n",
      config: { paymentsEmulated: false, variantIds: placeholderVariantIds },
    });
    expect(html).toContain('<html lang="en"><head>');
  });

  it("gzips with a real nonce (the parts compressed as a chain) to the same page", () => {
    const template = compileTemplate(`${page}${page}`);
    const values = {
      nonce: "ilEMTzjxXk+zVeav0qXmAw==",
      config: { paymentsEmulated: true, variantIds: placeholderVariantIds },
      newsletterStatus: "Thanks — check your inbox.",
    };
    const html = render(template, values);
    expect(html.match(/nonce="ilEMTzjxXk\+zVeav0qXmAw=="/g)).toHaveLength(4);
    const chained = Buffer.concat(renderTemplate(template, values, "gzip")).length;
    const alone = Buffer.concat(renderTemplate(template, { ...values, nonce: "short" }, "gzip")).length;
    expect(chained).toBeLessThan(alone);
  });

  it("keeps characters beyond ASCII intact around the slots", () => {
    const html = render(compileTemplate(`<p>≥ 39 — ${CONFIG_PLACEHOLDER} ✓</p>`), {
      nonce: "n",
      config: { paymentsEmulated: false, variantIds: placeholderVariantIds },
    });
    expect(html).toMatch(/^<p>≥ 39 — \{"paymentsEmulated":false,.*\} ✓<\/p>$/);
  });
});

describe("the sign-up status slot", () => {
  const withSlot = `<p id="newsletter-status">__FORGE_NEWSLETTER_STATUS__</p>`;
  it("is empty without a status and carries the escaped message with one", () => {
    const template = compileTemplate(withSlot);
    const config = { paymentsEmulated: false, variantIds: placeholderVariantIds };
    expect(render(template, { nonce: "n", config })).toBe('<p id="newsletter-status"></p>');
    expect(render(template, { nonce: "n", config, newsletterStatus: "A <b> & 'c'" })).toBe(
      '<p id="newsletter-status">A &#60;b&#62; &#38; &#39;c&#39;</p>',
    );
  });
});
