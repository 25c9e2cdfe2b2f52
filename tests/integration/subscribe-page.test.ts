import { describe, expect, it } from "vitest";
import { sandboxProducts } from "../../sandbox/shopify/seed";
import { databaseTargets } from "../../scripts/lib/test-database";
import { planAnswers } from "../support/quiz-answers";
import { useShop } from "../support/shop";
import { type Emulators, eventually, mailsTo } from "./checkout-harness";
import { ADDRESS, checkoutElsewhere, sdk } from "./subscription-support";

/**
 * Issue 36 item 2 over HTTP (decision 131): the sign-up page at /subscribe states Shopify's selling
 * plan price and the true saving (against the plan's own one-time price, never a "was" price), offers
 * nothing without a plan; its form posts 303 to Stripe Checkout in subscription mode with the terms and
 * the renewal to agree to, or back to the page when the terms shown are no longer the terms; the
 * welcome page confirms only a paid session of this site, re-read from Stripe; the sign-up e-mail goes
 * once per subscription, whatever Stripe replays.
 */

const [enhancer] = sandboxProducts;
/** The page's visible words (tags and scripts out, entities read). */
function words(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function shopifyAdmin(emulators: Emulators, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${emulators.env.SHOPIFY_API_URL}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "X-Shopify-Access-Token": emulators.env.SHOPIFY_ADMIN_TOKEN as string,
    },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data?: Record<string, { userErrors?: unknown[] }> };
  for (const result of Object.values(body.data ?? {})) expect(result.userErrors ?? []).toEqual([]);
}

const setVariant = (emulators: Emulators, fields: Record<string, unknown>) =>
  shopifyAdmin(
    emulators,
    `mutation Set($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
      productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { message } }
    }`,
    { productId: enhancer?.productId, variants: [{ id: enhancer?.variantId, ...fields }] },
  );

describe.each(databaseTargets)("the subscription sign-up on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    webhooks: true,
    ownOrigin: true,
    // Every page load asks Shopify: the page's few seconds of cache, the links' minute and the
    // Enhancer page's own full-page cache (decision 014) off.
    env: {
      CHECKOUT_VARIANT_CACHE_SECONDS: "0",
      PRODUCT_CACHE_TTL_SECONDS: "0",
      PRODUCT_CACHE_SWR_SECONDS: "0",
      PAGE_CACHE_FRESH_SECONDS: "0",
    },
  });

  const page = async (path: string) => {
    const response = await fetch(`${shop.server.url}${path}`);
    return { status: response.status, text: words(await response.text()) };
  };

  /** The sign-up form's POST, as the browser sends it (no redirect followed). */
  async function post(query: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(`${shop.server.url}/subscribe?${query}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: shop.origin,
        referer: `${shop.origin}/subscribe?${query}`,
        ...headers,
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    return {
      status: response.status,
      location: response.headers.get("location"),
      text: await response.text(),
    };
  }

  /** Subscribes through the page's form and pays at the emulator: answers the session's id. */
  async function subscribe(email: string, choice = { weeksOn: "8", weeksOff: "2", bottles: "1" }) {
    const shown = `${choice.weeksOn}-${choice.weeksOff}-${choice.bottles}-3315-usd`;
    const query = `${new URLSearchParams(choice)}&shown=${shown}`;
    const started = await post(query, choice);
    expect(started.status, started.text).toBe(303);
    const sessionId = /\/pay\/(cs_test_\w+)/.exec(started.location ?? "")?.[1] as string;
    shop.emulators.stripe.completeSession(sessionId, { email, name: "Sam Sample", address: ADDRESS });
    return sessionId;
  }

  it("states Shopify's plan price and the true saving, for the bottles chosen", async () => {
    shop.emulators.shopify.reset();
    const one = await page("/subscribe");
    expect(one.status).toBe(200);
    expect(one.text).toContain("$33.15 per delivery");
    expect(one.text).toContain("You save $5.85 a delivery (15%)");
    // The sandbox's plan is sample data, and each of its prices and savings says so (decision 137).
    expect(one.text).toContain("$33.15 a bottle (sample data)");
    expect(one.text).toContain("Save 15% against $39.00 bought once (sample data)");
    expect(one.text).toContain("$33.15 per delivery (sample data)");
    expect(one.text).toContain("(15%) (sample data)");
    expect(one.text).toContain("Subscribe: $33.15 today");
    // The renewal terms beside the button: amount, how often, the weeks off, how to cancel.
    expect(one.text).toContain("$33.15 for each delivery of 1 bottle");
    expect(one.text).toContain("Every 30 days during your weeks on");
    expect(one.text).toContain("Nothing is charged or shipped during your 2 weeks off");
    expect(one.text).toContain("Online at any time, on your subscription page");
    expect(one.text).toMatch(/6 deliveries in 6 months: \$198\.90 in all/);

    const two = await page("/subscribe?weeksOn=12&weeksOff=4&bottles=2");
    expect(two.text).toContain("$66.30 per delivery");
    expect(two.text).toContain("You save $11.70 a delivery (15%)");
    expect(two.text).toContain("Weeks off (4 weeks)");

    // A "was" price on the variant is not what the plan saves against: the saving stays the plan's.
    await setVariant(shop.emulators, { compareAtPrice: "59.00" });
    expect((await page("/subscribe")).text).toContain("You save $5.85 a delivery (15%)");
    // The store reprices: the page follows Shopify at once.
    await setVariant(shop.emulators, { price: "45.00" });
    const repriced = await page("/subscribe");
    expect(repriced.text).toContain("$38.25 per delivery");
    expect(repriced.text).toContain("You save $6.75 a delivery (15%)");
    shop.emulators.shopify.reset();
  }, 60_000);

  it("without a selling plan offers no subscription, no error, and the links to it go", async () => {
    shop.emulators.shopify.reset();
    // The quiz result that recommends the Enhancer links to /subscribe, as the Enhancer's page does.
    const finished = await fetch(`${shop.server.url}/quiz`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.origin },
      body: new URLSearchParams({ ...planAnswers, intent: "finish" }),
      redirect: "manual",
    });
    const resultPath = finished.headers.get("location") as string;
    expect(resultPath).toMatch(/^\/results\/quiz\//);
    const linked = "Subscribe and save 15%: $33.15 a bottle, nothing charged in your weeks off (sample data)";
    await eventually(async () => {
      expect((await page("/product/forge-enhancer")).text).toContain(linked);
      expect((await page(resultPath)).text).toContain(linked);
    }, 15_000);
    await shopifyAdmin(
      shop.emulators,
      `mutation Remove($id: ID!) { sellingPlanGroupDelete(id: $id) { deletedSellingPlanGroupId userErrors { message } } }`,
      { id: "gid://shopify/SellingPlanGroup/9300000000001" },
    );
    const none = await page("/subscribe");
    expect(none.status).toBe(200);
    expect(none.text).toContain("Subscriptions are not offered right now");
    expect(none.text).toContain("Go to the Enhancer");
    expect(none.text).not.toContain("per delivery");
    // The links read the plan without waiting: gone once the background read has seen it removed.
    await eventually(async () => {
      expect((await page("/product/forge-enhancer")).text).not.toContain("Subscribe and save");
      expect((await page(resultPath)).text).not.toContain("Subscribe and save");
    }, 15_000);
    // A form posted from a page shown before: refused in words on the page, and no session made.
    const before = shop.emulators.stripe.sessions().length;
    const refused = await post("weeksOn=8&weeksOff=2&bottles=1&shown=8-2-1-3315-usd", {
      weeksOn: "8",
      weeksOff: "2",
      bottles: "1",
    });
    expect(refused.status).toBe(400);
    expect(words(refused.text)).toContain("not offered on subscription");
    expect(shop.emulators.stripe.sessions()).toHaveLength(before);
    shop.emulators.shopify.reset();
  }, 60_000);

  it("the form posts 303 to Stripe Checkout in subscription mode, with the terms and the renewal to agree to", async () => {
    shop.emulators.shopify.reset();
    const choice = { weeksOn: "10", weeksOff: "3", bottles: "2" };
    const started = await post(`${new URLSearchParams(choice)}&shown=10-3-2-3315-usd`, choice);
    expect(started.status).toBe(303);
    expect(started.location).toMatch(/\/pay\/cs_test_\w+$/);
    const sessionId = /(cs_test_\w+)$/.exec(started.location ?? "")?.[1] as string;
    const session = await sdk(shop.emulators).checkout.sessions.retrieve(sessionId, {
      expand: ["line_items"],
    });
    expect(session.mode).toBe("subscription");
    expect(session.consent_collection?.terms_of_service).toBe("required");
    expect(session.custom_text.terms_of_service_acceptance?.message).toBe(
      `I agree to the [terms of sale](${shop.origin}/legal/terms) and to a subscription: $66.30 now, then $66.30 every 30 days during my weeks on and nothing during my weeks off (10 weeks on, 3 weeks off), until I cancel, which I can do online at any time on [my subscription page](${shop.origin}/account/subscription).`,
    );
    const [line] = session.line_items?.data ?? [];
    expect(line?.quantity).toBe(2);
    expect(line?.price?.unit_amount).toBe(3315);
    expect(line?.price?.recurring).toMatchObject({ interval: "day", interval_count: 30 });
    expect(session.success_url).toBe(`${shop.origin}/subscribe/welcome?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(
      `${shop.origin}/subscribe?${new URLSearchParams(choice)}&shown=10-3-2-3315-usd`,
    );

    // Chosen otherwise than the page showed (no JavaScript, not redrawn): the page again, with that choice.
    const before = shop.emulators.stripe.sessions().length;
    const changed = await post("weeksOn=8&weeksOff=2&bottles=1&shown=8-2-1-3315-usd", {
      weeksOn: "12",
      weeksOff: "2",
      bottles: "1",
    });
    expect(changed.status).toBe(303);
    expect(changed.location).toBe("/subscribe?weeksOn=12&weeksOff=2&bottles=1&changed=choice");
    expect((await page(changed.location as string)).text).toContain("You changed your choice");
    // The price shown is no longer the plan's: the page again, with the new price.
    const stale = await post("weeksOn=8&weeksOff=2&bottles=1&shown=8-2-1-3000-usd", {
      weeksOn: "8",
      weeksOff: "2",
      bottles: "1",
    });
    expect(stale.location).toBe("/subscribe?weeksOn=8&weeksOff=2&bottles=1&changed=price");
    expect((await page(stale.location as string)).text).toContain("The subscription price changed");
    expect(shop.emulators.stripe.sessions()).toHaveLength(before);

    // A value the page never offers, and a post from another site: refused, nothing made.
    const bad = await post("shown=9-2-1-3315-usd", { weeksOn: "9", weeksOff: "2", bottles: "1" });
    expect(bad.status).toBe(400);
    expect(words(bad.text)).toContain("Choose your weeks on, weeks off and bottles from the lists.");
    const foreign = await post(
      "weeksOn=8&weeksOff=2&bottles=1&shown=8-2-1-3315-usd",
      { weeksOn: "8", weeksOff: "2", bottles: "1" },
      { origin: "https://elsewhere.example", referer: "https://elsewhere.example/" },
    );
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.location).toBeNull();
    expect(shop.emulators.stripe.sessions()).toHaveLength(before);
  }, 60_000);

  it("the welcome page confirms a paid session of this site, and says plainly when it cannot", async () => {
    shop.emulators.shopify.reset();
    const email = `welcome.${name}@example.com`;
    const sessionId = await subscribe(email, { weeksOn: "12", weeksOff: "4", bottles: "1" });
    const paid = await page(`/subscribe/welcome?session_id=${sessionId}`);
    expect(paid.status).toBe(200);
    expect(paid.text).toContain("Welcome: your subscription has started");
    expect(paid.text).toContain(email);
    expect(paid.text).toContain("$33.15 per delivery");
    expect(paid.text).toContain("12 weeks on, 4 weeks off");
    expect(paid.text).toContain("Nothing is charged or shipped during your 4 weeks off");
    expect(paid.text).toContain("Manage your subscription");

    // Started, not paid: no subscription.
    const open = await post("weeksOn=8&weeksOff=2&bottles=1&shown=8-2-1-3315-usd", {
      weeksOn: "8",
      weeksOff: "2",
      bottles: "1",
    });
    const openId = /(cs_test_\w+)$/.exec(open.location ?? "")?.[1];
    const unpaid = await page(`/subscribe/welcome?session_id=${openId}`);
    expect(unpaid.status).toBe(200);
    expect(unpaid.text).toContain("Your subscription has not started");
    expect(unpaid.text).not.toContain("Welcome");

    // Paid, but not this site's: nothing said about it.
    const elsewhere = await checkoutElsewhere(shop.emulators);
    shop.emulators.stripe.completeSession(elsewhere.id, {
      email: "other@example.com",
      name: "Ola Other",
      address: ADDRESS,
    });
    const foreign = await page(`/subscribe/welcome?session_id=${elsewhere.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain("We do not know this subscription");
    expect(foreign.text).not.toContain("other@example.com");
    const unknown = await page("/subscribe/welcome?session_id=cs_test_NotASessionAnyoneMade");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("We do not know this subscription");
    const missing = await page("/subscribe/welcome?session_id=<script>");
    expect(missing.status).toBe(200);
    expect(missing.text).toContain("the link has no checkout reference");
  }, 90_000);

  it("e-mails the terms once per subscription, however often Stripe sends the completion", async () => {
    shop.emulators.shopify.reset();
    const email = `signup.once.${name}@example.com`;
    const sessionId = await subscribe(email);
    const welcomes = () =>
      mailsTo(shop.emulators.mail.messages(), email).filter((mail) =>
        mail.subject.includes("subscription has started"),
      );
    await eventually(() => expect(welcomes()).toHaveLength(1), 30_000);
    const [mail] = welcomes();
    expect(mail?.text).toContain("$33.15 for each delivery of 1 bottle");
    expect(mail?.text).toContain("Every 30 days during your weeks on");
    expect(mail?.text).toContain("Nothing is charged or shipped during your 2 weeks off");
    expect(mail?.text).toContain(`Manage or cancel your subscription:\n${shop.origin}/account/subscription`);
    expect(mail?.text).toMatch(/Delivery 3: 1 bottle for \$33\.15/);

    const completed = shop.emulators.stripe
      .events()
      .find(
        (event) =>
          event.type === "checkout.session.completed" &&
          (event.data.object as { id: string }).id === sessionId,
      );
    expect(completed).toBeTruthy();
    await Promise.all([
      shop.emulators.stripe.redeliver(completed?.id as string),
      shop.emulators.stripe.redeliver(completed?.id as string),
    ]);
    await shop.emulators.stripe.redeliver(completed?.id as string);
    await shop.emulators.stripe.webhooksSettled(30_000);
    // The welcome page read again changes nothing either.
    expect((await page(`/subscribe/welcome?session_id=${sessionId}`)).status).toBe(200);
    // Beside it, the first bottle's order confirmation (invoice.paid), once too.
    await eventually(
      () =>
        expect(
          mailsTo(shop.emulators.mail.messages(), email).filter((m) =>
            /order #\d+ is confirmed/.test(m.subject),
          ),
        ).toHaveLength(1),
      30_000,
    );
    // In the outbox: one message for the subscription, sent (its key is the Stripe subscription).
    const subscriptionId = shop.emulators.stripe.session(sessionId)?.subscription as string;
    const rows = await shop.store.query<{ status: string; to_address: string }>(
      "select status, to_address from email_deliveries where kind = 'subscription_welcome' and dedupe_key = $1",
      [subscriptionId],
    );
    expect(rows).toEqual([{ status: "sent", to_address: email }]);
    expect(welcomes()).toHaveLength(1);
  }, 90_000);
});
