import { describe, expect, it } from "vitest";
import { createOrderLinks } from "~/server/orders/order-link.server";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { buyOrder, linkIn, textOf } from "./order-pages-support";

/**
 * Issue 16 item 5 over HTTP: the confirmation e-mail links to the order page (a signed link), which
 * shows the order as bought and its status; a changed link is a 404, an old one a 410; the page is
 * never stored by a cache and never indexed; a restart keeps the links working.
 */
describe.each(databaseTargets)("order page on $name", ({ name }) => {
  const shop = useShop({ store: name, ownOrigin: true });

  it("is linked from the confirmation e-mail and shows the items, totals, address and Paid", async () => {
    const { orderNumber, mail } = await buyOrder(shop, "page.buyer@example.com");
    const link = linkIn(mail.text, shop.origin, "/orders/");
    expect(mail.html).toContain(`href="${link}"`);
    expect(textOf(mail.html ?? "")).toContain("View your order");

    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    const page = textOf(html);
    expect(page).toContain(`Order #${orderNumber}`);
    expect(page).toContain("Paid — packing comes next");
    expect(page).toMatch(/Forge Enhancer Qty 2 × \$\d+\.\d\d/);
    expect(page).toContain("Shipping Free");
    expect(page).toMatch(/Total \$\d+\.\d\d/);
    expect(page).toContain("500 Congress Ave Apt 4 Austin, TX 78701 United States");
    expect(page).not.toContain("Live status is unavailable");
  });

  it("answers 404 for a changed link and 410, with a way to get help, for an expired one", async () => {
    const { sessionId, mail } = await buyOrder(shop, "expiry.buyer@example.com");
    const link = linkIn(mail.text, shop.origin, "/orders/");
    const token = link.split("/").pop() ?? "";
    const changed = `${token.slice(0, 30)}${token[30] === "A" ? "B" : "A"}${token.slice(31)}`;
    const tampered = await fetch(`${shop.origin}/orders/${changed}`);
    expect(tampered.status).toBe(404);
    expect(tampered.headers.get("cache-control")).toBe("private, no-store");
    expect(textOf(await tampered.text())).toContain("Page not found");
    expect((await fetch(`${shop.origin}/orders/nonsense`)).status).toBe(404);

    // A link the site signed 181 days ago (default ORDER_LINK_TTL_DAYS is 180), with its own secret.
    const [row] = await shop.store.query<{ id: string; secret: string }>(
      "select o.id, (select value from site_secrets where name = 'signing') as secret from orders o where o.stripe_session_id = $1",
      [sessionId],
    );
    if (!row) throw new Error("no order row");
    const old = createOrderLinks({
      secret: row.secret,
      siteUrl: shop.origin,
      ttlDays: 180,
      now: () => new Date(Date.now() - 181 * 86_400_000),
    });
    const expired = await fetch(old.orderPageUrl({ id: row.id }));
    expect(expired.status).toBe(410);
    const page = textOf(await expired.text());
    expect(page).toContain("This order link has expired");
    expect(page).toContain("contact page");
    // The same secret, signed now: the restart above kept it (links already e-mailed still work).
    const fresh = createOrderLinks({ secret: row.secret, siteUrl: shop.origin, ttlDays: 180 });
    expect((await fetch(fresh.orderPageUrl({ id: row.id }))).status).toBe(200);
    expect((await fetch(link)).status).toBe(200);
  });
});
