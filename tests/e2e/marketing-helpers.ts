import { expect, type Locator, type Page } from "@playwright/test";
import { afterTwoFrames } from "./support";

/** Every request the page makes, from the first one on. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

/** Requests to an origin other than the site's own (data: and blob: URLs are not requests). */
export function crossOrigin(urls: readonly string[], base: string): string[] {
  const origin = new URL(base).origin;
  return urls.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
}

/** The page's JSON-LD blocks, parsed. */
export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

export async function jsonLdOfType(page: Page, type: string): Promise<Record<string, unknown>> {
  const ofType = async () => (await jsonLd(page)).filter((block) => block["@type"] === type);
  // A block in streamed content has a copy in React's hidden container until the content is swapped
  // in (at a frame, which can come after the load event): polled until there is one.
  await expect.poll(async () => (await ofType()).length, { message: `one ${type} JSON-LD block` }).toBe(1);
  return (await ofType())[0] as Record<string, unknown>;
}

/**
 * The page's JSON-LD under its CSP: on a page rendered for this response each block carries the
 * response's nonce; on a page of fixed bytes (prerendered, or the page cache's: decision 148) the CSP
 * names the page's scripts by hash and no script carries a nonce (a data block needs neither).
 */
export async function expectJsonLdUnderCsp(page: Page, csp: string) {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const nonces = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
  expect(nonces.length).toBeGreaterThan(0);
  if (nonce) {
    for (const value of nonces) expect(value).toBe(nonce);
    return;
  }
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  const anyNonce = await page
    .locator("script")
    .evaluateAll((scripts) =>
      scripts.some((script) => (script as HTMLScriptElement).nonce !== "" || script.hasAttribute("nonce")),
    );
  expect(anyNonce).toBe(false);
}

/**
 * Spec §4 for an accordion: all closed at first; one open at a time; the open one collapses; the
 * headers are buttons with aria-expanded, operable from the keyboard. Each step reads the whole
 * accordion in one round trip (which headers say expanded, which panels show, which header has the
 * focus) and polls that until it is what a visitor should see: a few round trips a step, not dozens.
 */
export async function expectAccordionBehaviour(page: Page, scope: Locator, questions: readonly string[]) {
  const header = (question: string) => scope.getByRole("button", { name: question, exact: true });
  expect(questions.length).toBeGreaterThanOrEqual(2);
  const [first, second] = questions as [string, string];
  const last = questions.length - 1;
  // Each header's panel, found once through its aria-controls.
  const panelIds = await Promise.all(
    questions.map((question) => header(question).getAttribute("aria-controls")),
  );
  for (const id of panelIds) expect(id).toBeTruthy();

  const state = () =>
    scope.evaluate((root, ids) => {
      const buttons = ids.map((id) => root.querySelector(`[aria-controls="${id}"]`));
      return {
        expanded: buttons.map((button) => button?.getAttribute("aria-expanded") === "true"),
        // What Playwright's toBeVisible checks: rendered, with a box, not visibility:hidden.
        shown: ids.map((id) => {
          const panel = root.querySelector(`[id="${id}"]`) as HTMLElement | null;
          return Boolean(
            panel?.checkVisibility({ visibilityProperty: true }) && panel.getClientRects().length,
          );
        }),
        focused: buttons.findIndex((button) => button !== null && button === document.activeElement),
      };
    }, panelIds as string[]);
  /** Open: the index of the one open item (null: none). Focused: the header with the focus, if it matters. */
  const expectState = (open: number | null, focused?: number) =>
    expect
      .poll(async () => {
        const now = await state();
        return focused === undefined ? { ...now, focused: undefined } : now;
      })
      .toEqual({
        expanded: questions.map((_, index) => index === open),
        shown: questions.map((_, index) => index === open),
        focused,
      });

  await expectState(null);

  // Brought into view from the top of the page, the accordion takes the sections above it out of their
  // skip-until-near estimates (decision 149), and what follows them moves for a frame or two. A tap in
  // that moment can press a header and let go over another: focus, no click. A visitor scrolls there and
  // taps once it is still; so does the test.
  await scope.scrollIntoViewIfNeeded();
  await afterTwoFrames(page);

  await header(first).click();
  await expectState(0);

  await header(second).click();
  await expectState(1);

  // The open item collapses, leaving none open.
  await header(second).click();
  await expectState(null);

  // Keyboard: Enter opens, ArrowDown moves between headers, Space opens the next and closes the first.
  await header(first).focus();
  await page.keyboard.press("Enter");
  await expectState(0, 0);
  await page.keyboard.press("ArrowDown");
  await expectState(0, 1);
  await page.keyboard.press("Space");
  await expectState(1, 1);
  await page.keyboard.press("End");
  await expectState(1, last);
  await page.keyboard.press("Home");
  await expectState(1, 0);
  await page.keyboard.press("ArrowUp");
  await expectState(1, last);
  // Leave it as found.
  await header(second).click();
  await expectState(null);
}

/**
 * Resolves once the page has sent no request for `quietMs` and none is in flight (within 10 s): what
 * scrolling set off, such as lazy images coming into view, has been fetched.
 */
async function networkSettled(page: Page, quietMs = 500) {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await expect
      .poll(() => inFlight <= 0 && Date.now() - lastActivity >= quietMs, {
        timeout: 10_000,
        intervals: [100],
      })
      .toBe(true);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/** A button that does nothing: clicking it neither navigates, opens a page, nor sends a request. */
export async function expectInertButton(page: Page, button: Locator) {
  await expect(button).toHaveAttribute("type", "button");
  // Focusing scrolls the button into view, and the lazy images near it start loading: let them finish
  // first, so that only what the click and the key press send is counted.
  await button.focus();
  await expect(button).toBeFocused();
  await networkSettled(page);
  const before = page.url();
  const requests: string[] = [];
  const listener = (request: { url(): string }) => requests.push(request.url());
  page.on("request", listener);
  const popups: unknown[] = [];
  page.context().on("page", (p) => popups.push(p));
  await button.click();
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300);
  page.off("request", listener);
  expect(page.url()).toBe(before);
  expect(requests).toEqual([]);
  expect(popups).toEqual([]);
}
