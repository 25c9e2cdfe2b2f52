import type Stripe from "stripe";

/**
 * The agreement Stripe Checkout collects before it takes a payment: the terms-of-sale box
 * (`consent_collection.terms_of_service: required`) and the sentence beside it (`custom_text`), one
 * helper for the one-time session (payments.server.ts) and the subscription session
 * (subscriptions.server.ts), so the two cannot drift apart. Stripe renders the sentence's markdown link
 * and refuses a message over 1,200 characters; the dashboard must also hold a terms URL.
 */

/** The one-time purchase's sentence: a markdown link to the site's terms of sale. */
export function termsAcceptanceMessage(siteUrl: string): string {
  return `I agree to the [terms of sale](${termsUrl(siteUrl)}).`;
}

export function termsUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/legal/terms`;
}

/** Stripe's limit on a custom text message. */
const CUSTOM_TEXT_MAX = 1_200;

/**
 * The session parameters that require the shopper to agree to the terms: nothing when the site's
 * origin is not configured (no terms page to link to). `renewal`, for a subscription, is the
 * automatic renewal's terms, agreed to in the same sentence ("… and to be charged …").
 */
export function termsConsent(
  siteUrl: string | undefined,
  renewal?: (siteUrl: string) => string,
): Pick<Stripe.Checkout.SessionCreateParams, "consent_collection" | "custom_text"> {
  if (!siteUrl) return {};
  const message = renewal
    ? `I agree to the [terms of sale](${termsUrl(siteUrl)}) ${renewal(siteUrl)}`
    : termsAcceptanceMessage(siteUrl);
  if (message.length > CUSTOM_TEXT_MAX)
    throw new RangeError("the terms sentence is longer than Stripe allows");
  return {
    consent_collection: { terms_of_service: "required" },
    custom_text: { terms_of_service_acceptance: { message } },
  };
}
