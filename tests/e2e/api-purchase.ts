import type { APIRequestContext } from "@playwright/test";
import { SANDBOX_ENHANCER_VARIANT, sandboxCheckoutForm } from "../../scripts/lib/sandbox-checkout";
import { expect } from "./support";

/**
 * A paid order through the sandbox's checkout by its HTTP API, for specs whose subject comes after the
 * purchase (the order page, reviews); the purchase specs drive the checkout's pages themselves.
 */
export async function paidThroughApi(
  request: APIRequestContext,
  base: string,
  email: string,
  quantity = 1,
  variant = SANDBOX_ENHANCER_VARIANT,
): Promise<{ sessionId: string }> {
  const started = await request.post(`${base}/api/hybrid-checkout`, {
    headers: { origin: base },
    data: { products: [{ shopifyVariantId: variant, quantity }] },
  });
  const { checkoutUrl, sessionId } = (await started.json()) as { checkoutUrl: string; sessionId: string };
  const paid = await request.post(checkoutUrl, {
    form: sandboxCheckoutForm(email),
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await request.post(`${base}/api/verify-and-send-confirmation`, { data: { sessionId } });
  return { sessionId };
}
