/**
 * Stripe's Checkout Session id as Stripe issues them: `cs_test_…` or `cs_live_…`, at most 255
 * characters. Pure and import-free (app/shared, decision 096): the contract of
 * verify-and-send-confirmation (and through it the payment-success page) and the Stripe adapter's
 * webhook reading accept exactly the same ids.
 */
export const CHECKOUT_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,247}$/;
