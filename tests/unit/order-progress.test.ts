import { describe, expect, it } from "vitest";
import { trackingStatusOf } from "~/server/orders/order-progress.server";
import type { ShopifyOrderProgress, ShopifyOrderStatus } from "~/server/shopify/order-types";

/** Issue 16 item 5: what the order page says for each status Shopify (or our own record) gives. */
const money = (amount: number) => `$${(amount / 100).toFixed(2)}`;
const status = (
  progress: ShopifyOrderProgress,
  extra: Partial<ShopifyOrderStatus> = {},
): ShopifyOrderStatus => ({
  id: "gid://shopify/Order/1",
  name: "#1001",
  progress,
  financialStatus: "PAID",
  fulfillmentStatus: "UNFULFILLED",
  cancelledAt: null,
  shipments: [],
  ...extra,
});
const shipment = {
  carrier: "UPS",
  trackingNumber: "1Z999AA10123456784",
  trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  shippedAt: "2026-11-24T10:00:00Z",
  deliveredAt: null,
};
const of = (input: Partial<Parameters<typeof trackingStatusOf>[0]>) =>
  trackingStatusOf({
    status: null,
    amountRefunded: 0,
    amountTotal: 3900,
    money,
    stale: null,
    checkedAt: new Date("2026-11-23T16:05:00Z"),
    ...input,
  });
const stepStates = (view: ReturnType<typeof of>) => view.steps.map((step) => `${step.label}:${step.state}`);

describe("order status on the order page", () => {
  it("before Shopify has the order: Paid — packing comes next, on the first step", () => {
    const view = of({});
    expect(view.headline).toBe("Paid — packing comes next");
    expect(stepStates(view)).toEqual([
      "Paid:current",
      "Being prepared:upcoming",
      "Shipped:upcoming",
      "Delivered:upcoming",
    ]);
    expect(view.staleNote).toBeNull();
  });

  it("the headline never names a step the stepper shows still to come (issue 32 item 15)", () => {
    for (const progress of ["paid", "preparing", "shipped", "delivered"] as const) {
      const view = of({ status: status(progress) });
      const upcoming = view.steps.filter((step) => step.state === "upcoming").map((step) => step.label);
      for (const label of upcoming) expect(view.headline.toLowerCase()).not.toContain(label.toLowerCase());
      // "getting it ready" is "Being prepared" in other words.
      if (upcoming.includes("Being prepared"))
        expect(view.headline).not.toMatch(/getting it ready|packing it/i);
    }
  });

  it("says when the status shown was checked; a stale one says it in its note instead", () => {
    expect(of({}).lastChecked).toBe("Last checked November 23, 2026, 4:05 PM UTC");
    expect(of({ stale: { checkedAt: new Date("2026-11-23T16:40:00Z") } }).lastChecked).toBeNull();
  });

  it.each([
    ["paid", "Paid — packing comes next", 0],
    ["preparing", "Being prepared", 1],
    ["shipped", "Shipped", 2],
    ["delivered", "Delivered", 4],
  ] as const)("%s → %s with the steps before it done", (progress, headline, done) => {
    const view = of({ status: status(progress) });
    expect(view.headline).toBe(headline);
    expect(view.steps.filter((step) => step.state === "done")).toHaveLength(done);
    expect(view.steps.filter((step) => step.state === "current")).toHaveLength(done === 4 ? 0 : 1);
  });

  it("shipped: names the carrier and links the tracking number to the carrier's page", () => {
    const view = of({ status: status("shipped", { shipments: [shipment] }) });
    expect(view.detail).toBe("Your order is on its way with UPS.");
    expect(view.shipments).toEqual([
      {
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
        trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
        shippedOn: "November 24, 2026",
        deliveredOn: null,
      },
    ]);
  });

  it("never links a tracking address that is not a web address", () => {
    const view = of({
      status: status("shipped", { shipments: [{ ...shipment, trackingUrl: "javascript:alert(1)" }] }),
    });
    expect(view.shipments[0]?.trackingUrl).toBeNull();
    expect(view.shipments[0]?.trackingNumber).toBe("1Z999AA10123456784");
  });

  it("delivered: says when", () => {
    const view = of({
      status: status("delivered", { shipments: [{ ...shipment, deliveredAt: "2026-11-26T15:00:00Z" }] }),
    });
    expect(view.detail).toBe("Your order was delivered on November 26, 2026.");
    expect(view.tone).toBe("success");
  });

  it("refunded, partly refunded and cancelled, from Shopify or (before it has the order) from our record", () => {
    expect(of({ status: status("refunded"), amountRefunded: 3900 })).toMatchObject({
      headline: "Refunded",
      steps: [],
    });
    expect(of({ amountRefunded: 3900 }).headline).toBe("Refunded");
    const partly = of({ amountRefunded: 1000 });
    expect(partly.headline).toBe("Partially refunded");
    expect(partly.detail).toContain("$10.00");
    expect(partly.steps).toHaveLength(4);
    expect(of({ status: status("cancelled"), amountRefunded: 3900 })).toMatchObject({
      headline: "Cancelled",
      detail: "This order was cancelled and $39.00 refunded to your original payment method.",
      steps: [],
    });
  });

  it("says when the status shown is not live, and from when", () => {
    const view = of({ status: status("preparing"), stale: { checkedAt: new Date("2026-11-23T16:40:00Z") } });
    expect(view.staleNote).toBe(
      "Live status is unavailable right now; this is the status as of November 23, 2026, 4:40 PM UTC.",
    );
    expect(of({ stale: { checkedAt: null } }).staleNote).toContain("Live status is unavailable right now");
  });
});
