/**
 * What a buyer types into the sandbox's emulated Stripe Checkout page (a card the emulator accepts, a
 * US address), and the seeded Enhancer's and test kit's variants: for the specs and scripts that need a paid order by the
 * HTTP API rather than by driving the pages (tests/e2e/api-purchase.ts, tests/perf/pages-after-action.ts).
 */
export const SANDBOX_ENHANCER_VARIANT = "gid://shopify/ProductVariant/49100000000001";
/** The seeded at-home test kit (sandbox/shopify/seed.ts). */
export const SANDBOX_TEST_KIT_VARIANT = "gid://shopify/ProductVariant/49100000000002";

export const sandboxCheckoutForm = (email: string): Record<string, string> => ({
  email,
  cardNumber: "4242 4242 4242 4242",
  cardExpiry: "12 / 34",
  cardCvc: "123",
  name: "Alex Carter",
  line1: "12 Forge Street",
  line2: "",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  country: "US",
  terms: "accepted",
});
