import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { RENDER_NEAR_ONLY_CLASS, RENDER_NEAR_ONLY_SWITCH } from "~/lib/render-when-near";

type Listener = (event: { target: unknown }) => void;

/** The head's switch run against a document and window with only what it reads (decision 149). */
function loadWith({ hash = "", navigationType = "navigate" as string | undefined } = {}) {
  const classes = new Set<string>();
  const listeners = new Map<string, Listener>();
  const on = (type: string, listener: Listener) => listeners.set(type, listener);
  const off = (type: string, listener: Listener) => {
    if (listeners.get(type) === listener) listeners.delete(type);
  };
  // The element in the middle of the screen: 300 px lower once the skipped content above it is laid out.
  const middle = { getBoundingClientRect: () => ({ top: classes.has(RENDER_NEAR_ONLY_CLASS) ? 100 : 400 }) };
  const scrolls: unknown[] = [];
  const document = {
    elementFromPoint: () => middle,
    documentElement: {
      classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) },
    },
    addEventListener: (type: string, listener: Listener) => on(`document:${type}`, listener),
    removeEventListener: (type: string, listener: Listener) => off(`document:${type}`, listener),
  };
  const window = {
    location: { hash },
    innerWidth: 390,
    innerHeight: 844,
    scrollY: 5000,
    scrollTo: (options: unknown) => scrolls.push(options),
    performance: {
      getEntriesByType: (kind: string) =>
        kind === "navigation" && navigationType ? [{ type: navigationType }] : [],
    },
    addEventListener: (type: string, listener: Listener) => on(`window:${type}`, listener),
    removeEventListener: (type: string, listener: Listener) => off(`window:${type}`, listener),
  };
  runInNewContext(RENDER_NEAR_ONLY_SWITCH, { document, window });
  const link = (href: string) => ({
    closest: (selector: string) => (selector === "a[href]" && href ? { href } : null),
  });
  return {
    skipping: () => classes.has(RENDER_NEAR_ONLY_CLASS),
    scrolls,
    click: (href: string) => listeners.get("document:click")?.({ target: link(href) }),
    historyStep: () => listeners.get("window:popstate")?.({ target: window }),
    submit: () => listeners.get("document:submit")?.({ target: {} }),
    listening: () => [...listeners.keys()],
  };
}

describe("far content rendered when near: the head's switch", () => {
  it("is on for a fresh load with no fragment, and for a browser without navigation timing", () => {
    expect(loadWith().skipping()).toBe(true);
    expect(loadWith({ navigationType: undefined }).skipping()).toBe(true);
  });

  it("stays off for a load with a fragment, a reload and a load from history: each may jump", () => {
    expect(loadWith({ hash: "#safety" }).skipping()).toBe(false);
    expect(loadWith({ navigationType: "reload" }).skipping()).toBe(false);
    expect(loadWith({ navigationType: "back_forward" }).skipping()).toBe(false);
    expect(loadWith({ hash: "#safety" }).listening()).toEqual([]);
  });

  it("turns off for good at a click on a link, before a jump or a saved position, and not elsewhere", () => {
    const page = loadWith();
    page.click("");
    expect(page.skipping()).toBe(true);
    page.click("/deep-dive#timing");
    expect(page.skipping()).toBe(false);
    expect(page.listening()).toEqual([]);
  });

  it("keeps what is in the middle of the screen in place as the content above takes its real height", () => {
    const page = loadWith();
    page.click("/quiz");
    expect(page.scrolls).toEqual([{ top: 5300, behavior: "instant" }]);
  });

  it("turns off for good at a form's submission", () => {
    const page = loadWith();
    page.submit();
    expect(page.skipping()).toBe(false);
    expect(page.listening()).toEqual([]);
  });

  it("turns off for good at a step through history, before a saved position is restored", () => {
    const page = loadWith();
    page.historyStep();
    expect(page.skipping()).toBe(false);
    expect(page.listening()).toEqual([]);
  });
});
