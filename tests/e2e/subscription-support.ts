import type { APIRequestContext } from "@playwright/test";
import { sandboxCheckoutForm } from "../../scripts/lib/sandbox-checkout";
import { expect } from "./support";

/**
 * A subscription bought through the sandbox by its HTTP API (POST /api/subscribe, then the emulated
 * Stripe Checkout's pay form), for specs whose subject comes after the sign-up: the back office's
 * subscriptions. Its first order is made by Stripe's events to the server (decision 130), so this
 * waits for the order's confirmation e-mail.
 */
export async function subscribedThroughApi(
  request: APIRequestContext,
  base: string,
  email: string,
  terms: { quantity: number; weeksOn: number; weeksOff: number } = { quantity: 1, weeksOn: 8, weeksOff: 2 },
): Promise<{ sessionId: string }> {
  const started = await request.post(`${base}/api/subscribe`, { headers: { origin: base }, data: terms });
  expect(started.status(), await started.text()).toBe(200);
  const { checkoutUrl, sessionId } = (await started.json()) as { checkoutUrl: string; sessionId: string };
  const paid = await request.post(checkoutUrl, { form: sandboxCheckoutForm(email), maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get(`${base}/__sandbox/mail/messages.json`)).json()) as {
          messages: { to: string[]; subject: string }[];
        };
        return messages.some(
          (mail) =>
            mail.to.some((to) => to.toLowerCase() === email.toLowerCase()) &&
            /is confirmed/.test(mail.subject),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { sessionId };
}
