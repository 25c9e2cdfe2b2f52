import type { APIRequestContext } from "@playwright/test";
import { paidThroughApi } from "./api-purchase";
import { expect } from "./support";

/*
 * The review specs' way to a working review link: bought, shipped, invited (their servers set
 * REVIEW_INVITE_DAYS=0).
 */

type Mail = { to: string[]; subject: string; text: string | null };
type ShopifyOrder = { name: string; sourceIdentifier: string };

export const buyer = (tag: string) => `review-${tag}-${Date.now().toString(36)}@example.com`;

/** Buys an Enhancer (the sandbox's checkout), ships it in the emulated Shopify, answers the invitation's link. */
export async function reviewLink(request: APIRequestContext, base: string, email: string): Promise<string> {
  const { sessionId } = await paidThroughApi(request, base, email);

  // A person marks it shipped on the emulated Shopify's orders page, once the sync has put it there.
  let number: string | undefined;
  await expect
    .poll(
      async () => {
        const { orders } = (await (await request.get(`${base}/__sandbox/shopify/orders.json`)).json()) as {
          orders: ShopifyOrder[];
        };
        number = orders.find((order) => order.sourceIdentifier === sessionId)?.name.replace("#", "");
        return number;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  const shipped = await request.post(`${base}/__sandbox/shopify/orders/${number}/ship`, {
    form: { carrier: "UPS", trackingNumber: `1Z${number}` },
    maxRedirects: 0,
  });
  expect(shipped.status()).toBe(303);

  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get(`${base}/__sandbox/mail/messages.json`)).json()) as {
          messages: Mail[];
        };
        const invitation = messages.find(
          (mail) => mail.to.includes(email) && mail.subject.startsWith("How was your Forge order"),
        );
        link = /https?:\/\/\S+\/reviews\/write\/[\w-]+/.exec(invitation?.text ?? "")?.[0];
        return link;
      },
      { timeout: 45_000 },
    )
    .toBeTruthy();
  return link as string;
}
