import { expect, type Locator, type Page } from "@playwright/test";

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
  const blocks = await jsonLd(page);
  const found = blocks.filter((block) => block["@type"] === type);
  expect(found, `one ${type} JSON-LD block`).toHaveLength(1);
  return found[0] as Record<string, unknown>;
}

/** Every JSON-LD script carries the nonce of the response's CSP. */
export async function expectJsonLdNonces(page: Page, csp: string) {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const nonces = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
  expect(nonces.length).toBeGreaterThan(0);
  for (const value of nonces) expect(value).toBe(nonce);
}

/**
 * Spec §4 for an accordion: all closed at first; one open at a time; the open one collapses; the
 * headers are buttons with aria-expanded, operable from the keyboard.
 */
export async function expectAccordionBehaviour(page: Page, scope: Locator, questions: readonly string[]) {
  const header = (question: string) => scope.getByRole("button", { name: question, exact: true });
  const panelOf = async (question: string) => {
    const id = await header(question).getAttribute("aria-controls");
    return scope.locator(`[id="${id}"]`);
  };
  expect(questions.length).toBeGreaterThanOrEqual(2);
  const [first, second] = questions as [string, string];

  for (const question of questions) {
    await expect(header(question)).toHaveAttribute("aria-expanded", "false");
    await expect(await panelOf(question)).toBeHidden();
  }

  await header(first).click();
  await expect(header(first)).toHaveAttribute("aria-expanded", "true");
  await expect(await panelOf(first)).toBeVisible();

  await header(second).click();
  await expect(header(second)).toHaveAttribute("aria-expanded", "true");
  await expect(await panelOf(second)).toBeVisible();
  await expect(header(first)).toHaveAttribute("aria-expanded", "false");
  await expect(await panelOf(first)).toBeHidden();

  // The open item collapses, leaving none open.
  await header(second).click();
  await expect(header(second)).toHaveAttribute("aria-expanded", "false");
  await expect(await panelOf(second)).toBeHidden();
  for (const question of questions) await expect(header(question)).toHaveAttribute("aria-expanded", "false");

  // Keyboard: Enter opens, ArrowDown moves between headers, Space opens the next and closes the first.
  await header(first).focus();
  await page.keyboard.press("Enter");
  await expect(header(first)).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(header(second)).toBeFocused();
  await page.keyboard.press("Space");
  await expect(header(second)).toHaveAttribute("aria-expanded", "true");
  await expect(header(first)).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("End");
  await expect(header(questions.at(-1) as string)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(header(first)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(header(questions.at(-1) as string)).toBeFocused();
  // Leave it as found.
  await header(second).click();
  await expect(header(second)).toHaveAttribute("aria-expanded", "false");
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
