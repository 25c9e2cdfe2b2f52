import type { SaleSettings } from "~/content/legal/terms";
import type { Env } from "~/server/runtime/env.server";

const regionNames = new Intl.DisplayNames("en", { type: "region" });

/**
 * What the terms of sale say that checkout's settings decide: the countries Stripe Checkout ships to,
 * by their English names, and whether Stripe Tax adds sales tax (app/server/stripe/payments.server.ts
 * reads the same two settings).
 */
export function saleSettingsOf(env: Pick<Env, "SHIPPING_COUNTRIES" | "STRIPE_AUTOMATIC_TAX">): SaleSettings {
  return {
    shipsTo: env.SHIPPING_COUNTRIES.map((code) => regionNames.of(code) ?? code),
    automaticTax: env.STRIPE_AUTOMATIC_TAX,
  };
}
