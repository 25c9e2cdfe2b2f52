/**
 * Stripe's own rules that more than the adapter needs, written once. Pure and browser-safe (no
 * `.server` suffix, no imports): the contracts re-export what the browser needs
 * (app/contracts/order-confirmation.ts), the server imports it from here (decision 072).
 */

/** A Stripe Checkout Session id as Stripe issues them: `cs_test_…` or `cs_live_…`, at most 255 characters. */
export const CHECKOUT_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,247}$/;
