import { readFileSync } from "node:fs";
import type { APIRequestContext, Cookie, Page } from "@playwright/test";
import routeTable from "../../app/routes";
import { planAnswers } from "../support/quiz-answers";
import { paidThroughApi } from "./api-purchase";
import { shippedBatch, signInByLink } from "./kit-support";
import { withOwnServer } from "./own-server";
import { reviewLink } from "./review-support";
import { test as withReviews } from "./reviews-server";
import { subscribedThroughApi } from "./subscription-support";
import { expect, expectNoAxeViolations, isMobile, test, waitForHydration } from "./support";

/**
 * Every page route of app/routes.ts, at both widths (the two projects), with the one rule set of
 * `expectNoAxeViolations`. The list is read from the route table, so a new page is swept without
 * being named here; a route whose path needs a token or a number fails until `reach` below says how
 * to open it. Resource routes (no default export: the APIs, sign-out, robots.txt, the sitemap) serve
 * no page.
 */
const OPERATOR = "ops@forge.example";
const sweep = withOwnServer({
  ADMIN_EMAILS: OPERATOR,
  PGLITE_DIR: "memory://",
  RATE_LIMIT_MULTIPLIER: "50",
  REVIEW_INVITE_DAYS: "0",
  REVIEW_INVITE_POLL_SECONDS: "1",
});

type Mail = { to: string[]; text: string | null };
async function mailsTo(request: APIRequestContext, base: string, address: string): Promise<Mail[]> {
  const { messages } = (await (await request.get(`${base}/__sandbox/mail/messages.json`)).json()) as {
    messages: Mail[];
  };
  return messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

const shopper = () => `axe-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A paid order's page, by the link in its confirmation e-mail: one order per server (per worker). */
const orderLinks = new Map<string, Promise<string>>();
function orderPageLink(request: APIRequestContext, base: string): Promise<string> {
  let link = orderLinks.get(base);
  if (!link) {
    link = newOrderPageLink(request, base);
    orderLinks.set(base, link);
    // A purchase that failed is tried again by the next route that needs one, not handed on.
    link.catch(() => orderLinks.delete(base));
  }
  return link;
}

async function newOrderPageLink(request: APIRequestContext, base: string): Promise<string> {
  const email = shopper();
  await paidThroughApi(request, base, email);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const [mail] = await mailsTo(request, base, email);
        link = /https?:\/\/\S+\/orders\/[\w-]{70}/.exec(mail?.text ?? "")?.[0];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return link as string;
}

/**
 * The operator's session cookies, per server (one per worker): the first admin route of a worker signs
 * in by the e-mailed link, as a person does; the next ones carry the same session, as a person's browser
 * would. The sign-in itself is tested in admin-reviews.spec.ts; here each admin route saves its repeat.
 */
const operatorSessions = new Map<string, Cookie[]>();

async function signIn(page: Page, request: APIRequestContext, base: string) {
  const session = operatorSessions.get(base);
  if (session) {
    await page.context().addCookies(session);
    return;
  }
  const before = (await mailsTo(request, base, OPERATOR)).length;
  await page.goto(`${base}/admin`);
  await page.getByLabel("E-mail address").fill(OPERATOR);
  await page.getByLabel("E-mail address").press("Enter");
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(request, base, OPERATOR);
        if (mails.length <= before) return undefined;
        link = /https?:\/\/\S+\/admin\/sign-in\?token=[\w-]+/.exec(mails[0]?.text ?? "")?.[0];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  await page.goto(link as string);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  // Every cookie of the context: the session's is scoped to a path below the origin's.
  operatorSessions.set(base, await page.context().cookies());
}

type Reach = (page: Page, request: APIRequestContext, base: string) => Promise<string>;

/** How to open the routes whose path is not a URL as it stands, or which show more signed in. */
const reach: Record<string, Reach> = {
  "orders/:token": (_page, request, base) => orderPageLink(request, base),
  "reviews/write/:token": (_page, request, base) => reviewLink(request, base, shopper()),
  "admin/orders/:orderNumber": async (page, request, base) => {
    const link = await orderPageLink(request, base);
    await page.goto(link);
    const number = /#(\d+)/.exec((await page.getByRole("heading", { level: 1 }).textContent()) ?? "")?.[1];
    await signIn(page, request, base);
    return `${base}/admin/orders/${number}`;
  },
  "admin/orders": async (page, request, base) => {
    await signIn(page, request, base);
    return `${base}/admin/orders`;
  },
  "admin/subscriptions": async (page, request, base) => {
    await subscribedThroughApi(request, base, shopper());
    await signIn(page, request, base);
    return `${base}/admin/subscriptions`;
  },
  "admin/subscriptions/:id": async (page, request, base) => {
    const email = shopper();
    await subscribedThroughApi(request, base, email);
    await signIn(page, request, base);
    await page.goto(`${base}/admin/subscriptions`);
    return `${base}${await page.getByRole("link", { name: email }).getAttribute("href")}`;
  },
  "admin/reviews": async (page, request, base) => {
    await signIn(page, request, base);
    return `${base}/admin/reviews`;
  },
  "results/quiz/:token": async (_page, request, base) => {
    const finished = await request.post(`${base}/quiz`, {
      form: { ...planAnswers, intent: "finish" },
      maxRedirects: 0,
    });
    return `${base}${finished.headers().location}`;
  },
  "admin/quiz": async (page, request, base) => {
    await signIn(page, request, base);
    return `${base}/admin/quiz`;
  },
  "admin/kits": async (page, request, base) => {
    await signIn(page, request, base);
    return `${base}/admin/kits`;
  },
  "admin/kits/:batchId": async (page, request, base) =>
    (await shippedBatch(page, request, base, OPERATOR)).url,
  "results/register": async (page, request, base) => {
    await signInByLink(page, request, base, shopper(), "/account?next=/results/register", "/account/sign-in");
    await expect(page).toHaveURL(/\/results\/register$/);
    return `${base}/results/register`;
  },
  "*": async (_page, _request, base) => `${base}/no-such-page`,
};

const pageRoutes = routeTable.filter((route) =>
  /^export default /m.test(readFileSync(new URL(`../../app/${route.file}`, import.meta.url), "utf8")),
);

sweep.describe("every page route: zero axe violations", () => {
  for (const route of pageRoutes) {
    const path = route.index ? "" : (route.path ?? "");
    sweep(`/${path} (${route.file})`, async ({ page, request, ownServer }) => {
      // A purchase, an invitation or a sign-in, then a full scan: up to a few minutes on two busy cores.
      sweep.setTimeout(180_000);
      const base = ownServer.url;
      const opener = reach[path];
      const needsFixture = /[:*]/.test(path);
      expect(opener || !needsFixture, `no way to open /${path}: add it to reach`).toBeTruthy();
      const url = opener ? await opener(page, request, base) : `${base}/${path}`;
      await page.goto(url);
      // The page itself, not a sign-in page it sent the sweep to.
      if (opener) await expect(page).toHaveURL(url);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });
  }

  sweep("the sweep reads the route table: pages and their openers", () => {
    const paths = pageRoutes.map((route) => (route.index ? "" : route.path));
    expect(paths).toEqual(
      expect.arrayContaining(["", "bro-science", "orders/:token", "admin/orders/:orderNumber"]),
    );
    expect(paths).not.toContain("api/hybrid-checkout");
    for (const opened of Object.keys(reach)) expect(paths).toContain(opened);
  });
});

// Beyond the sweep above, the states a plain page load does not show.
test.describe("accessibility beyond the first paint", () => {
  test("the open side menu: zero violations", async ({ page }) => {
    test.skip(!isMobile(page), "small screens only");
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the sweep's check finds what it looks for, page-wide and within a part", async ({ page }) => {
    test.skip(isMobile(page), "the check, not a layout: once");
    await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body>
      <main><h1>Broken</h1><img src="/favicon.svg"><p style="color:#777;background:#888">Too faint</p>
      <section id="fine"><h2>Fine</h2></section></main>
      <nav aria-label="More"><aside aria-label="Aside">Inside a landmark</aside></nav></body></html>`);
    const failure = await expectNoAxeViolations(page).then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failure).toContain("image-alt");
    expect(failure).toContain("color-contrast");
    expect(failure).toContain("landmark-complementary-is-top-level");
    await expectNoAxeViolations(page, page.locator("#fine"));
  });

  test("a skip link leads past the header", async ({ page }) => {
    await page.goto("/deep-dive");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });

  test("a review link that does not work (the form itself: review-write.spec.ts): zero violations", async ({
    page,
  }) => {
    const response = await page.goto("/reviews/write/not-a-real-link");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This review link doesn't work");
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
});

// routes.spec.ts sweeps /reviews with no review; here it has reviews (stars, bars, replies, votes, pages).
withReviews(
  "/reviews with reviews, filtered, and after a vote: zero violations",
  async ({ page, reviewsServer }) => {
    withReviews.setTimeout(90_000);
    await page.goto(`${reviewsServer.url}/reviews`);
    await waitForHydration(page);
    await expect(page.getByTestId("review").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`${reviewsServer.url}/reviews?stars=1&sort=helpful`);
    await waitForHydration(page);
    const button = page
      .getByTestId("review")
      .first()
      .getByRole("button", { name: /Helpful/ });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page);
  },
);
