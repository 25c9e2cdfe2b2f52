import { expect } from "vitest";
import type { TestShop } from "../support/shop";
import {
  createCheckout,
  ENHANCER,
  eventually,
  mailsTo,
  payFields,
  submitPayPage,
  verify,
} from "./checkout-harness";

/** Shared by the order-page and admin tests: a paid order through the sandbox, and a look into its database. */

/** Buys two Enhancers as `buyer` (pay page, then the success page's verify): the order and its e-mail. */
export async function buyOrder(shop: TestShop, buyer: string) {
  const { sessionId, checkoutUrl } = await createCheckout(
    shop.server,
    [{ shopifyVariantId: ENHANCER, quantity: 2 }],
    { origin: shop.origin },
  );
  expect((await submitPayPage(checkoutUrl, payFields(undefined, { email: buyer }))).status).toBe(303);
  const result = await verify(shop.server, sessionId);
  expect(result.json).toMatchObject({ success: true });
  const orderNumber = (result.json.order as { orderNumber: number }).orderNumber;
  let mail: ReturnType<typeof mailsTo>[number] | undefined;
  await eventually(async () => {
    mail = mailsTo(shop.emulators.mail.messages(), buyer)[0];
    expect(mail).toBeDefined();
  });
  return { sessionId, orderNumber, mail: mail as NonNullable<typeof mail> };
}

/** The absolute link in a message's text that starts with `${origin}${path}`. */
export function linkIn(text: string | null, origin: string, path: string): string {
  const escaped = `${origin}${path}`.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`${escaped}[A-Za-z0-9_=?&-]+`).exec(text ?? "");
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0];
}

/** The visible text of an HTML page, tags dropped and entities for quotes decoded. */
export function textOf(html: string): string {
  return (
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      // React's markers between adjacent text parts ("#<!-- -->12") are not spaces.
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
  );
}

export type FormPostOptions = { client?: string; cookie?: string; origin?: string | null };

/**
 * Posts a form as a browser without JavaScript does, from `client` (X-Forwarded-For: the shop runs with
 * TRUST_PROXY_HOPS=1, so each test can speak from its own address) and this site's Origin unless told
 * otherwise (`origin: null` sends none). Redirects are not followed.
 */
export function formPoster(shop: TestShop, newClient: () => string) {
  return (path: string, fields: Record<string, string>, options: FormPostOptions = {}) =>
    fetch(path.startsWith("http") ? path : `${shop.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": options.client ?? newClient(),
        ...(options.origin === null ? {} : { origin: options.origin ?? shop.origin }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
}

/**
 * Signs `address` (one of ADMIN_EMAILS) in to the back office as an operator does: asks for a link,
 * takes the new one from the mail emulator, presses "Sign in". The session cookie, as a Cookie header.
 */
export async function adminSignIn(
  shop: TestShop,
  post: ReturnType<typeof formPoster>,
  address: string,
): Promise<string> {
  const links = () =>
    mailsTo(shop.emulators.mail.messages(), address).map((mail) =>
      linkIn(mail.text, shop.origin, "/admin/sign-in?token="),
    );
  const before = new Set(links());
  expect((await post("/admin", { email: address })).status).toBe(200);
  const link = await eventually(() => {
    const fresh = links().find((candidate) => !before.has(candidate));
    if (!fresh) throw new Error("no new sign-in link");
    return fresh;
  });
  const response = await post(link, {});
  expect(response.status).toBe(303);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** Makes the order's Shopify sync one that Shopify refused `attempts` times: "failed", waiting for a person. */
export function refuseSync(shop: TestShop, sessionId: string, attempts: number, error: string) {
  return shop.store.query(
    `insert into shopify_syncs (kind, dedupe_key, order_id, status, attempts, last_error, next_attempt_at, locked_until)
     select 'order_create', $1, id, 'failed', $2, $3, now() + interval '1 day', now() + interval '1 day'
     from orders where stripe_session_id = $1
     on conflict (kind, dedupe_key) do update set status = 'failed', attempts = excluded.attempts,
       last_error = excluded.last_error, next_attempt_at = excluded.next_attempt_at, locked_until = excluded.locked_until`,
    [sessionId, attempts, error],
  );
}
