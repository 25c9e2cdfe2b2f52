import { expect } from "vitest";
import type { Emulators, TestShop } from "../support/shop";
import {
  createCheckout,
  ENHANCER,
  eventually,
  mailsTo,
  payFields,
  submitPayPage,
  verify,
} from "./checkout-harness";
import { linkIn } from "./order-pages-support";

/**
 * Shared by the review tests (issue 18): a paid order through the sandbox, its order in the Shopify
 * emulator marked shipped as a person does on its orders page, and the invitation e-mail read from the
 * mail emulator.
 */

export const INVITATION_SUBJECT = /^How was your Forge order #\d+\?$/;

type Line = { shopifyVariantId: string; quantity: number };

/** Pays for `lines` as `buyer` and confirms the order (the success page's verify): its session id and number. */
export async function paidOrder(
  shop: Pick<TestShop, "server" | "origin">,
  buyer: string,
  lines: Line[] = [{ shopifyVariantId: ENHANCER, quantity: 1 }],
) {
  const { sessionId, checkoutUrl } = await createCheckout(shop.server, lines, { origin: shop.origin });
  expect((await submitPayPage(checkoutUrl, payFields(undefined, { email: buyer }))).status).toBe(303);
  const result = await verify(shop.server, sessionId);
  expect(result.json).toMatchObject({ success: true });
  return { sessionId, orderNumber: (result.json.order as { orderNumber: number }).orderNumber };
}

/** The order's number in the Shopify emulator, once the sync has created it there. */
export async function shopifyNumberOf(emulators: Emulators, sessionId: string): Promise<string> {
  return eventually(async () => {
    const response = await fetch(`${emulators.env.SHOPIFY_API_URL}/orders.json`);
    const { orders } = (await response.json()) as { orders: { name: string; sourceIdentifier: string }[] };
    const order = orders.find((candidate) => candidate.sourceIdentifier === sessionId);
    if (!order) throw new Error(`order ${sessionId} not in Shopify yet`);
    return order.name.replace(/^#/, "");
  }, 30_000);
}

/** "Mark as shipped" on the emulator's orders page. */
export async function markShipped(emulators: Emulators, sessionId: string): Promise<void> {
  const number = await shopifyNumberOf(emulators, sessionId);
  const response = await fetch(`${emulators.env.SHOPIFY_API_URL}/orders/${number}/ship`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ carrier: "UPS", trackingNumber: `1Z${number}` }),
  });
  expect(response.status).toBe(303);
}

export type Invitation = { subject: string; text: string; html: string; links: string[] };

/** The review invitations the mail emulator received for `buyer`. */
export function invitationsTo(emulators: Emulators, buyer: string): Invitation[] {
  return mailsTo(emulators.mail.messages(), buyer)
    .filter((mail) => INVITATION_SUBJECT.test(mail.subject ?? ""))
    .map((mail) => ({
      subject: mail.subject ?? "",
      text: mail.text ?? "",
      html: mail.html ?? "",
      links: [...(mail.text ?? "").matchAll(/https?:\/\/\S+\/reviews\/write\/[A-Za-z0-9_-]+/g)].map(
        (match) => match[0],
      ),
    }));
}

/** Waits for the buyer's one invitation e-mail. */
export function invitationTo(emulators: Emulators, buyer: string, timeoutMs = 45_000): Promise<Invitation> {
  return eventually(
    () => {
      const [invitation] = invitationsTo(emulators, buyer);
      if (!invitation) throw new Error(`no invitation to ${buyer} yet`);
      return invitation;
    },
    timeoutMs,
    250,
  );
}

/** Buys, ships and waits for the invitation: its first link (the Enhancer's with the default line). */
export async function invitedLink(shop: TestShop, buyer: string, lines?: Line[]) {
  const order = await paidOrder(shop, buyer, lines);
  await markShipped(shop.emulators, order.sessionId);
  const invitation = await invitationTo(shop.emulators, buyer);
  const link = linkIn(invitation.text, shop.origin, "/reviews/write/");
  return { ...order, invitation, link, token: link.split("/").pop() ?? "" };
}
