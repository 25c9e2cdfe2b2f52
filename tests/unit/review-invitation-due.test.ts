import { describe, expect, it } from "vitest";
import { renderReviewInvitation } from "~/server/mail/templates/review-invitation";
import {
  decideInvitation,
  MAX_CHECK_INTERVAL_MS,
  NOT_SHIPPED_GIVE_UP_DAYS,
  nextCheckDelayMs,
} from "~/server/reviews/invitation-due.server";
import { reviewableProducts } from "~/server/reviews/reviewable-products.server";

/** Issue 18 item 1: when an order's review invitation is due, and what it invites a review of. */
const DAY = 86_400_000;
const paidAt = new Date("2026-11-01T10:00:00Z");
const now = new Date("2026-11-05T10:00:00Z");
const context = { inviteDays: 14, paidAt, checks: 1, pollIntervalMs: 300_000, now };

describe("when a review invitation is due", () => {
  it("shipped: the shipment's day plus REVIEW_INVITE_DAYS (0: the day it shipped)", () => {
    const shippedAt = new Date("2026-11-03T08:00:00Z");
    expect(decideInvitation({ kind: "shipped", shippedAt }, context)).toEqual({
      status: "due",
      shippedAt,
      dueAt: new Date(shippedAt.getTime() + 14 * DAY),
    });
    expect(decideInvitation({ kind: "shipped", shippedAt }, { ...context, inviteDays: 0 })).toEqual({
      status: "due",
      shippedAt,
      dueAt: shippedAt,
    });
  });

  it("never in Shopify (its sync refused): payment plus REVIEW_INVITE_DAYS", () => {
    expect(decideInvitation({ kind: "not_in_shopify" }, context)).toEqual({
      status: "due",
      shippedAt: null,
      dueAt: new Date(paidAt.getTime() + 14 * DAY),
    });
  });

  it("cancelled before shipping: never invited", () => {
    expect(decideInvitation({ kind: "cancelled" }, context)).toEqual({
      status: "skipped",
      reason: "cancelled",
    });
  });

  it("not shipped yet: asks Shopify again later, backing off, and gives up after 90 days", () => {
    expect(decideInvitation({ kind: "waiting", askedShopify: true }, context)).toEqual({
      status: "waiting",
      nextCheckAt: new Date(now.getTime() + 300_000),
    });
    expect(decideInvitation({ kind: "waiting", askedShopify: true }, { ...context, checks: 3 })).toEqual({
      status: "waiting",
      nextCheckAt: new Date(now.getTime() + 1_200_000),
    });
    // Not in Shopify yet: our own database is asked again at the next poll, without backoff.
    expect(decideInvitation({ kind: "waiting", askedShopify: false }, { ...context, checks: 9 })).toEqual({
      status: "waiting",
      nextCheckAt: new Date(now.getTime() + 300_000),
    });
    const late = new Date(paidAt.getTime() + (NOT_SHIPPED_GIVE_UP_DAYS + 1) * DAY);
    expect(decideInvitation({ kind: "waiting", askedShopify: true }, { ...context, now: late })).toEqual({
      status: "skipped",
      reason: "not_shipped",
    });
  });

  it("the backoff doubles from the poll interval up to 6 hours, never below the poll interval", () => {
    expect([1, 2, 3, 4].map((checks) => nextCheckDelayMs(checks, 1_000))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect(nextCheckDelayMs(0, 1_000)).toBe(1_000);
    expect(nextCheckDelayMs(60, 300_000)).toBe(MAX_CHECK_INTERVAL_MS);
    expect(nextCheckDelayMs(1, 24 * 3_600_000)).toBe(24 * 3_600_000);
  });
});

describe("what an order invites a review of", () => {
  const items: Record<string, string> = {
    e: "enhancer",
    k: "test_kit",
    b: "enhancer_kit_bundle",
    p: "bundle_3_month",
    t: "test_item",
  };
  const itemOf = (id: string) => items[id] as never;
  const handles = (...ids: string[]) =>
    reviewableProducts(
      ids.map((variantId) => ({ variantId })),
      itemOf,
    ).map((product) => product.handle);

  it("each product in the box once, whatever the lines", () => {
    expect(handles("e")).toEqual(["forge-enhancer"]);
    expect(handles("p", "e")).toEqual(["forge-enhancer"]);
    expect(handles("b")).toEqual(["forge-enhancer", "test-kit"]);
    expect(handles("k", "e")).toEqual(["test-kit", "forge-enhancer"]);
    expect(handles("t", "unknown")).toEqual([]);
  });
});

describe("the invitation e-mail", () => {
  it("has a button and a plain-text link per product, says 90 days, and neither offers nor steers", async () => {
    const mail = await renderReviewInvitation({
      orderNumber: 1042,
      firstName: "Jordan",
      products: [
        { name: "Forge Enhancer", url: "https://forge.example/reviews/write/AAA" },
        { name: "At-Home Testosterone Test Kit", url: "https://forge.example/reviews/write/BBB" },
      ],
      validDays: 90,
    });
    expect(mail.subject).toBe("How was your Forge order #1042?");
    expect(mail.html).toContain('href="https://forge.example/reviews/write/AAA"');
    expect(mail.html).toContain('href="https://forge.example/reviews/write/BBB"');
    expect(mail.text).toContain("Write a review of Forge Enhancer:\nhttps://forge.example/reviews/write/AAA");
    expect(mail.text).toContain("Hi Jordan,");
    expect(mail.text).toContain("90 days");
    expect(mail.text).toContain("good or bad");
    for (const words of [
      /positive/i,
      /5[- ]star/i,
      /discount/i,
      /coupon/i,
      /reward/i,
      /if you (love|liked)/i,
    ])
      expect(`${mail.text}\n${mail.html}`).not.toMatch(words);
  });
});
