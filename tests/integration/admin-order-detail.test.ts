import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { eventually } from "./checkout-harness";
import { adminSignIn, buyOrder, formPoster, refuseSync, textOf } from "./order-pages-support";

/**
 * The back office's order search and one order's page over HTTP (decision 088): an operator answering
 * a shopper finds the order by its number or the shopper's address (whatever its case), sees on one
 * page what the shopper's page shows and what only the back office knows, retries a refused sync from
 * there, and hands the shopper a fresh link to their page. Operators only.
 */
const ADMIN = "ops@forge.example";
let lastClient = 40;
const newClient = () => `203.0.113.${++lastClient}`;

describe.each(databaseTargets)("an order in the back office on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "50" },
  });
  const post = formPoster(shop, newClient);
  const get = (path: string, cookie?: string) =>
    fetch(path.startsWith("http") ? path : `${shop.origin}${path}`, {
      redirect: "manual",
      headers: cookie ? { cookie } : {},
    });
  /** The order numbers in the list's rows. */
  const listed = (html: string) => [...html.matchAll(/data-order="(\d+)"/g)].map((match) => Number(match[1]));

  it("finds an order by its number or the shopper's address, in any case, and says what a search takes", async () => {
    const buyer = `Search.Buyer.${Date.now().toString(36)}@Example.com`;
    const { orderNumber } = await buyOrder(shop, buyer);
    const other = await buyOrder(shop, `other.${Date.now().toString(36)}@example.com`);
    const cookie = await adminSignIn(shop, post, ADMIN);

    const all = await (await get("/admin/orders", cookie)).text();
    expect(listed(all)).toEqual(expect.arrayContaining([orderNumber, other.orderNumber]));
    for (const query of [buyer.toLowerCase(), buyer.toUpperCase(), ` ${buyer} `]) {
      const html = await (await get(`/admin/orders?q=${encodeURIComponent(query)}`, cookie)).text();
      expect(listed(html), query).toEqual([orderNumber]);
      expect(html).toContain(`value="${query.trim()}"`);
      expect(textOf(html)).toContain("Show all orders");
    }
    for (const query of [`#${orderNumber}`, String(orderNumber)]) {
      const html = await (await get(`/admin/orders?q=${encodeURIComponent(query)}`, cookie)).text();
      expect(listed(html), query).toEqual([orderNumber]);
    }
    const none = await get("/admin/orders?q=nobody%40example.com", cookie);
    expect(none.status).toBe(200);
    expect(textOf(await none.text())).toContain("No order matches “nobody@example.com”.");
    const unreadable = await (await get("/admin/orders?q=Bob%20Smith", cookie)).text();
    expect(textOf(unreadable)).toContain("That is neither an order number nor a whole e-mail address.");
    expect(unreadable).toContain('aria-invalid="true"');
    expect(listed(unreadable)).toEqual([]);
    // Without a session, a search shows nothing: the sign-in page.
    expect((await get(`/admin/orders?q=${encodeURIComponent(buyer)}`)).status).toBe(302);
  });

  it("shows one order: the shopper's view, the payment, Shopify, the e-mails and a fresh link that opens", async () => {
    const buyer = `detail.${Date.now().toString(36)}@example.com`;
    const { orderNumber, sessionId } = await buyOrder(shop, buyer);
    expect((await get(`/admin/orders/${orderNumber}`)).status).toBe(302);
    const cookie = await adminSignIn(shop, post, ADMIN);

    const list = await (await get("/admin/orders", cookie)).text();
    expect(list).toContain(`href="/admin/orders/${orderNumber}"`);

    // The sync sends the order to the Shopify emulator in the background: the page comes to say so.
    const text = await eventually(async () => {
      const response = await get(`/admin/orders/${orderNumber}`, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
      const shown = textOf(html);
      expect(shown).toMatch(/Shopify Sent · #\d+/);
      return shown;
    }, 30_000);
    expect(text).toContain(`Order #${orderNumber}`);
    // What the shopper's page shows: the items and totals, the address.
    expect(text).toContain("Forge Enhancer");
    expect(text).toContain("Qty 2");
    expect(text).toMatch(/Total \$\d+\.\d\d/);
    expect(text).toContain("500 Congress Ave");
    // What only the back office shows.
    expect(text).toContain(buyer);
    expect(text).toContain("Paid");
    expect(text).toContain(`Stripe Checkout session ${sessionId}`);
    expect(text).toMatch(/Order confirmation Sent To detail\.[a-z0-9]+@example\.com/);
    expect(text).toContain("60-day guarantee Not requested");
    expect(text).toContain("Review None written");

    // The fresh link opens the shopper's page for this order, without a session.
    const html = await (await get(`/admin/orders/${orderNumber}`, cookie)).text();
    const link = /id="shopper-link"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(link).toMatch(new RegExp(`^${shop.origin}/orders/[\\w-]{70}$`));
    const shopperPage = await get(link);
    expect(shopperPage.status).toBe(200);
    expect(textOf(await shopperPage.text())).toContain(`Order #${orderNumber}`);
  });

  it("answers an order number that does not exist with a 404 inside the back office", async () => {
    const cookie = await adminSignIn(shop, post, ADMIN);
    for (const path of ["/admin/orders/987654321", "/admin/orders/0", "/admin/orders/12abc"]) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(404);
      const text = textOf(await response.text());
      expect(text).toContain("No such order");
      expect(text).toContain("There is no order #");
    }
  });

  it("closes an open guarantee request from the order's page and comes back to it", async () => {
    const { sessionId, orderNumber } = await buyOrder(
      shop,
      `guarantee.${Date.now().toString(36)}@example.com`,
    );
    await shop.store.query(
      `insert into guarantee_requests (order_id, email, reason)
         select id, email, 'Not for me' from orders where stripe_session_id = $1`,
      [sessionId],
    );
    const cookie = await adminSignIn(shop, post, ADMIN);
    const html = await (await get(`/admin/orders/${orderNumber}`, cookie)).text();
    expect(textOf(html)).toMatch(/60-day guarantee Requested .* UTC: “Not for me”/);
    const requestId = /name="requestId" value="([0-9a-f-]{36})"/.exec(html)?.[1] as string;
    expect(requestId).toBeDefined();

    const closed = await post(
      "/admin/orders",
      { intent: "close-guarantee", requestId, orderNumber: String(orderNumber) },
      { cookie },
    );
    expect(closed.status).toBe(303);
    expect(closed.headers.get("location")).toBe(`/admin/orders/${orderNumber}?closed=1`);
    const after = await (await get(`/admin/orders/${orderNumber}?closed=1`, cookie)).text();
    expect(textOf(after)).toContain("The guarantee request is closed.");
    expect(textOf(after)).toMatch(/60-day guarantee Requested, closed /);
    expect(after).not.toContain('name="requestId"');
  });

  it("retries a refused sync from the order's page and comes back to it", async () => {
    const { sessionId, orderNumber } = await buyOrder(shop, `retry.${Date.now().toString(36)}@example.com`);
    await refuseSync(shop, sessionId, 3, "Shopify refused the order: variant not found");
    const cookie = await adminSignIn(shop, post, ADMIN);
    const html = await (await get(`/admin/orders/${orderNumber}`, cookie)).text();
    expect(textOf(html)).toContain("Failed after 3 attempts");
    expect(textOf(html)).toContain("Shopify refused the order: variant not found");
    const syncId = /name="syncId" value="([0-9a-f-]{36})"/.exec(html)?.[1] as string;
    expect(syncId).toBeDefined();
    // The list, searched for the order, offers the same retry and carries the search along.
    const searched = await (await get(`/admin/orders?q=%23${orderNumber}`, cookie)).text();
    expect(searched).toContain(`name="syncId" value="${syncId}"`);
    expect(searched).toContain(`name="q" value="#${orderNumber}"`);

    const retried = await post(
      "/admin/orders",
      { intent: "retry-sync", syncId, orderNumber: String(orderNumber) },
      { cookie },
    );
    expect(retried.status).toBe(303);
    expect(retried.headers.get("location")).toBe(`/admin/orders/${orderNumber}?retried=1`);
    expect(textOf(await (await get(`/admin/orders/${orderNumber}?retried=1`, cookie)).text())).toContain(
      "The sync is queued again",
    );
    await eventually(async () => {
      const after = textOf(await (await get(`/admin/orders/${orderNumber}`, cookie)).text());
      expect(after).toMatch(/Shopify Sent · #\d+/);
      expect(after).not.toContain("Shopify refused the order");
    }, 30_000);
    // A made-up order number in the form sends the operator back to the list, never elsewhere.
    const odd = await post(
      "/admin/orders",
      { intent: "retry-sync", syncId, orderNumber: "//evil.example", page: "2" },
      { cookie },
    );
    expect(odd.headers.get("location")).toBe("/admin/orders?page=2&retried=0");
    // From a searched list, the operator comes back to the same search.
    const fromSearch = await post(
      "/admin/orders",
      { intent: "retry-sync", syncId, q: ` #${orderNumber} `, page: "1" },
      { cookie },
    );
    expect(fromSearch.headers.get("location")).toBe(`/admin/orders?q=%23${orderNumber}&page=1&retried=0`);
  });
});
