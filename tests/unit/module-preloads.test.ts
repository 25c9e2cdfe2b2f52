import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createModulePreloadStripper, stripModulePreloads } from "~/server/http/module-preloads.server";

const head =
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry-ABC.js" nonce="n"/><link rel="modulepreload" href="/assets/root-DEF.js"/><title>Forge — ümlaut</title></head>';
const body =
  '<body><p>rel="modulepreload" is text here</p><script type="module" nonce="n">import("/assets/entry-ABC.js")</script></body></html>';

async function streamed(html: string, chunkSize: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const out: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    Readable.from(chunks)
      .pipe(createModulePreloadStripper())
      .on("data", (chunk: Buffer) => out.push(Buffer.from(chunk)))
      .on("end", resolve)
      .on("error", reject);
  });
  return Buffer.concat(out).toString("utf8");
}

describe("modulepreload hints", () => {
  it("are removed from a document, leaving everything else", () => {
    const result = stripModulePreloads(head);
    expect(result).not.toContain("modulepreload");
    expect(result).toContain('<link rel="stylesheet" href="/a.css"/>');
  });

  it.each([1, 2, 7, 13, 64, 4096])(
    "are removed from a stream cut every %i bytes, text and UTF-8 intact",
    async (size) => {
      const result = await streamed(head + body, size);
      expect(result).toBe(stripModulePreloads(head) + body);
      expect(result).toContain("ümlaut");
      // Only the head is touched: the body's text and scripts pass through unchanged.
      expect(result).toContain('<p>rel="modulepreload" is text here</p>');
    },
  );
});
