import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  createDocumentScriptRewriter,
  DEFERRED_MODULE_TYPE,
  deferHydrationScript,
  stripModulePreloads,
} from "~/server/http/document-scripts.server";

const head =
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry-ABC.js" nonce="n"/><link rel="modulepreload" href="/assets/root-DEF.js"/><script nonce="n">document.documentElement.dataset.theme="x"</script><title>Forge — ümlaut</title></head>';
const hydration =
  '<script nonce="n" type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-DEF.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry-ABC.js");</script>';
const body = `<body><p>rel="modulepreload" is text here; ümlaut</p><script nonce="n">window.__reactRouterContext = {"a":"<b>"};</script>${hydration}<script nonce="n" type="module" async="">console.log("a later module stays")</script><script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>`;

async function streamed(html: string, chunkSize: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const out: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    Readable.from(chunks)
      .pipe(createDocumentScriptRewriter())
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
});

describe("the hydration script", () => {
  it("is kept inert, word for word and with its nonce, and a loader with the same nonce follows it", () => {
    const result = deferHydrationScript(body);
    const inertText = hydration.replace('type="module" async=""', `type="${DEFERRED_MODULE_TYPE}"`);
    expect(result).toContain(inertText);
    const loader = result.slice(result.indexOf(inertText) + inertText.length);
    expect(loader).toMatch(
      /^<script nonce="n">\(function\(d,w\)\{[^<]*first-contentful-paint[^<]*<\/script>/,
    );
    // Only the first module script (React Router's) is the hydration script.
    expect(result).toContain(
      '<script nonce="n" type="module" async="">console.log("a later module stays")</script>',
    );
  });

  /** Runs the loader against a minimal document and window whose frames, timers and paint entries come when told. */
  function runLoader(options: { visible: boolean; paintTiming: boolean }) {
    const loaderSource = /<script nonce="n">(\(function\(d,w\)[^<]*)<\/script>/.exec(
      deferHydrationScript(body),
    )?.[1];
    if (!loaderSource) throw new Error("no loader in the rewritten document");
    const inert = { text: "import x", replacedBy: undefined as unknown };
    const created: Record<string, unknown>[] = [];
    const frames: (() => void)[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const observers: { callback: (list: unknown, observer: unknown) => void; disconnected: boolean }[] = [];
    const document = {
      visibilityState: options.visible ? "visible" : "hidden",
      currentScript: {
        nonce: "n",
        previousElementSibling: { text: inert.text, replaceWith: (m: unknown) => (inert.replacedBy = m) },
      },
      createElement: () => {
        const element = {};
        created.push(element);
        return element;
      },
    };
    class FakeObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      record: (typeof observers)[number];
      constructor(callback: (list: unknown, observer: unknown) => void) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe(init: { type: string; buffered: boolean }) {
        expect(init).toEqual({ type: "paint", buffered: true });
      }
      disconnect() {
        this.record.disconnected = true;
      }
    }
    const window = {
      PerformanceObserver: options.paintTiming ? FakeObserver : undefined,
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    };
    new Function("document", "window", loaderSource)(document, window);
    const paint = (name: string) => {
      const observer = observers[0];
      const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
      observer?.callback(list, { disconnect: () => (observer.disconnected = true) });
    };
    return { created, frames, timers, observers, paint, inert };
  }

  const module = [{ type: "module", nonce: "n", text: "import x" }];

  it("becomes a module script, same text and nonce, in place of the inert one, after the first contentful paint", () => {
    const page = runLoader({ visible: true, paintTiming: true });
    expect(page.created).toHaveLength(0);
    page.paint("first-paint");
    expect(page.timers.filter((t) => t.ms === 0)).toHaveLength(0);
    page.paint("first-contentful-paint");
    expect(page.observers[0]?.disconnected).toBe(true);
    expect(page.created).toHaveLength(0);
    page.timers.find((t) => t.ms === 0)?.run();
    expect(page.created).toEqual(module);
    expect(page.inert.replacedBy).toBe(page.created[0]);
    // The 3 s fallback, when it comes later, does not load it twice.
    page.timers.find((t) => t.ms === 3000)?.run();
    expect(page.created).toHaveLength(1);
  });

  it("is loaded after 3 s when no first contentful paint has come by then", () => {
    const page = runLoader({ visible: true, paintTiming: true });
    page.timers.find((t) => t.ms === 3000)?.run();
    expect(page.created).toEqual(module);
  });

  it("waits two frames where the browser has no Paint Timing", () => {
    const page = runLoader({ visible: true, paintTiming: false });
    page.frames.shift()?.();
    expect(page.created).toHaveLength(0);
    page.frames.shift()?.();
    page.timers.shift()?.run();
    expect(page.created).toEqual(module);
  });

  it("runs at once in a tab that is not visible (no frames or paints come there)", () => {
    expect(runLoader({ visible: false, paintTiming: true }).created).toEqual(module);
  });
});

describe("a streamed document", () => {
  it.each([1, 2, 7, 13, 64, 4096])(
    "cut every %i bytes comes out as the whole document rewritten, text and UTF-8 intact",
    async (size) => {
      const result = await streamed(head + body, size);
      expect(result).toBe(stripModulePreloads(head) + deferHydrationScript(body));
      expect(result).toContain("ümlaut");
      expect(result).toContain('<p>rel="modulepreload" is text here; ümlaut</p>');
      expect(result).toContain('<script nonce="n">document.documentElement.dataset.theme="x"</script>');
    },
  );
});
