import { nowSeconds } from "./objects";

/**
 * The sandbox account's coupons and promotion codes, seeded (the emulator has no API to create them):
 *
 * - `FORGE10`: 10 % off the items.
 * - `SAVE5`: $5.00 off the items (US dollars only).
 * - `SPRING25`: inactive (refused as "This code is invalid.", as Stripe refuses an inactive code).
 *
 * The shopper enters them on the pay page, where `allow_promotion_codes` is true; codes match without
 * regard to letter case, as Stripe's do. Ids are fixed so tests and people can name them.
 */

export type StripeCoupon = {
  id: string;
  object: "coupon";
  amount_off: number | null;
  currency: string | null;
  percent_off: number | null;
  duration: "once";
  duration_in_months: null;
  max_redemptions: null;
  redeem_by: null;
  metadata: Record<string, string>;
  name: string;
  times_redeemed: number;
  valid: boolean;
  created: number;
  livemode: false;
};

export type StripePromotionCode = {
  id: string;
  object: "promotion_code";
  active: boolean;
  code: string;
  created: number;
  customer: null;
  expires_at: null;
  livemode: false;
  max_redemptions: null;
  metadata: Record<string, string>;
  promotion: { coupon: string | StripeCoupon; type: "coupon" };
  restrictions: {
    first_time_transaction: false;
    minimum_amount: null;
    minimum_amount_currency: null;
  };
  times_redeemed: number;
};

type Seed = {
  code: string;
  active: boolean;
  coupon: { id: string; name: string } & ({ percentOff: number } | { amountOff: number; currency: string });
};

/** Shown on the pay page, and listed in sandbox/stripe/README.md. */
export const SANDBOX_PROMOTION_CODES: Seed[] = [
  { code: "FORGE10", active: true, coupon: { id: "sandbox_10_off", name: "10% off", percentOff: 10 } },
  {
    code: "SAVE5",
    active: true,
    coupon: { id: "sandbox_5_usd_off", name: "$5 off", amountOff: 500, currency: "usd" },
  },
  { code: "SPRING25", active: false, coupon: { id: "sandbox_spring_25", name: "25% off", percentOff: 25 } },
];

/** What Stripe Checkout says of a code it cannot apply. */
export const INVALID_CODE = "This code is invalid.";

export type Promotions = ReturnType<typeof createPromotions>;

export function createPromotions() {
  const created = nowSeconds();
  const coupons = new Map<string, StripeCoupon>();
  const codes = new Map<string, StripePromotionCode>();
  for (const seed of SANDBOX_PROMOTION_CODES) {
    const coupon = seed.coupon;
    coupons.set(coupon.id, {
      id: coupon.id,
      object: "coupon",
      amount_off: "amountOff" in coupon ? coupon.amountOff : null,
      currency: "currency" in coupon ? coupon.currency : null,
      percent_off: "percentOff" in coupon ? coupon.percentOff : null,
      duration: "once",
      duration_in_months: null,
      max_redemptions: null,
      redeem_by: null,
      metadata: {},
      name: coupon.name,
      times_redeemed: 0,
      valid: true,
      created,
      livemode: false,
    });
    const id = `promo_sandbox${seed.code}`;
    codes.set(id, {
      id,
      object: "promotion_code",
      active: seed.active,
      code: seed.code,
      created,
      customer: null,
      expires_at: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      promotion: { coupon: coupon.id, type: "coupon" },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    });
  }

  function couponOf(promotion: StripePromotionCode): StripeCoupon {
    const coupon = coupons.get(promotion.promotion.coupon as string);
    if (!coupon) throw new Error(`promotion code ${promotion.id} has no coupon`);
    return coupon;
  }

  /** The discount on `subtotal` items, or null when the code cannot apply (inactive, other currency). */
  function discount(promotion: StripePromotionCode, subtotal: number, currency: string): number | null {
    const coupon = couponOf(promotion);
    if (!promotion.active || !coupon.valid) return null;
    if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
    if (coupon.amount_off === null || coupon.currency !== currency) return null;
    return Math.min(subtotal, coupon.amount_off);
  }

  return {
    /** The promotion code a shopper typed (any letter case), if the account has it. */
    byCode: (code: string) =>
      [...codes.values()].find((entry) => entry.code.toLowerCase() === code.trim().toLowerCase()),
    byId: (id: string) => codes.get(id),
    couponOf,
    discount,
    /** Counts a use, as paying with the code does. */
    redeem(id: string) {
      const promotion = codes.get(id);
      if (!promotion) return;
      promotion.times_redeemed += 1;
      couponOf(promotion).times_redeemed += 1;
    },
    /** In Stripe's shape; `expandCoupon` for `expand[]=promotion.coupon`. */
    serialize(promotion: StripePromotionCode, expandCoupon = false): StripePromotionCode {
      const copy = structuredClone(promotion);
      if (expandCoupon) copy.promotion.coupon = structuredClone(couponOf(promotion));
      return copy;
    },
    all: () => [...codes.values()],
  };
}
