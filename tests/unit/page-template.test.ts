import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { placeholderVariantIds } from "~/content/catalog";
import { CONFIG_PLACEHOLDER, PRERENDER_NONCE } from "~/lib/document-runtime";
import {
  compileTemplate,
  inlineScriptHashes,
  type PageValues,
  pageVariant,
  type Template,
} from "../../server/page-template";

/** The page as served; its gzip and (once compressed) Brotli hold the same bytes. */
const render = async (template: Template, values: PageValues) => {
  const page = pageVariant(template, values);
  const html = page.identity.toString();
  expect(gunzipSync(page.gzip).toString()).toBe(html);
  await page.compressed;
  expect(brotliDecompressSync(page.brotli as Buffer).toString()).toBe(html);
  return html;
};

const page = `<!DOCTYPE html><html lang="en"><head><script id="c" type="application/json" nonce="${PRERENDER_NONCE}">${CONFIG_PLACEHOLDER}</script></head><body><script nonce="${PRERENDER_NONCE}">boot()</script></body></html>`;
const config = { paymentsEmulated: false, variantIds: placeholderVariantIds };
const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("page templates", () => {
  it("carries no nonce: its scripts are allowed by hash, the same bytes for every response", async () => {
    const template = compileTemplate(page);
    const html = await render(template, { config });
    expect(html).not.toContain("nonce");
    expect(html).toContain("<script>boot()</script>");
    // One variant per configuration and status, built once.
    expect(pageVariant(template, { config })).toBe(pageVariant(template, { config }));
    // The JSON data block does not run: only boot() is hashed.
    expect(pageVariant(template, { config }).scriptHashes).toEqual([sha256("boot()")]);
  });

  it("writes the runtime configuration as JSON with < escaped", async () => {
    const html = await render(compileTemplate(page), {
      config: { paymentsEmulated: true, variantIds: placeholderVariantIds },
    });
    expect(html).toContain('{"paymentsEmulated":true,"variantIds":{');
    expect(html).toContain('<html lang="en" data-sandbox-payments=""');
  });

  it("leaves the html element alone when payments are real", async () => {
    const html = await render(compileTemplate(page), { config });
    expect(html).toContain('<html lang="en"><head>');
  });

  it("a new configuration (a price changed) is a new page, and its scripts' hashes follow it", async () => {
    const template = compileTemplate(`<script>var c=${CONFIG_PLACEHOLDER}</script>`);
    const other = { paymentsEmulated: true, variantIds: placeholderVariantIds };
    const first = pageVariant(template, { config });
    const second = pageVariant(template, { config: other });
    expect(second).not.toBe(first);
    expect(second.scriptHashes).not.toEqual(first.scriptHashes);
    expect(second.scriptHashes).toEqual(inlineScriptHashes(await render(template, { config: other })));
  });

  it("keeps characters beyond ASCII intact around the slots", async () => {
    const html = await render(compileTemplate(`<p>≥ 39 — ${CONFIG_PLACEHOLDER} ✓</p>`), { config });
    expect(html).toMatch(/^<p>≥ 39 — \{"paymentsEmulated":false,.*\} ✓<\/p>$/);
  });
});

describe("inline script hashes", () => {
  it("hash each script that runs once, as CSP reads its text (UTF-8), and skip sources and data", () => {
    const html = [
      "<script>a()</script>",
      '<script type="module">import("/x.js")</script>',
      '<script type="forge/after-first-paint">;import "/y.js"</script>',
      "<script>a()</script>",
      '<script src="/assets/z.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="application/json" id="c">{}</script>',
      "<script>say('≥ 39 ✓')</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha256("a()"),
      sha256('import("/x.js")'),
      sha256(';import "/y.js"'),
      sha256("say('≥ 39 ✓')"),
    ]);
  });
});

describe("the sign-up status slot", () => {
  const withSlot = `<p id="newsletter-status">__FORGE_NEWSLETTER_STATUS__</p>`;
  it("is empty without a status and carries the escaped message with one", async () => {
    const template = compileTemplate(withSlot);
    expect(await render(template, { config })).toBe('<p id="newsletter-status"></p>');
    expect(await render(template, { config, newsletterStatus: "A <b> & 'c'" })).toBe(
      '<p id="newsletter-status">A &#60;b&#62; &#38; &#39;c&#39;</p>',
    );
  });
});
