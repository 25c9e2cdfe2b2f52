import { expect } from "vitest";
import type { TestShop } from "../support/shop";
import { eventually, mailsTo } from "./checkout-harness";
import { type formPoster, textOf } from "./order-pages-support";

/** Issue 35's shoppers' accounts over HTTP: the sign-in link in a mail, and a sign-in as a person does it. */

/** The account sign-in link in a message's text (it may carry `&next=/results/register`). */
export function accountLinkIn(shop: TestShop, text: string | null): string {
  const link = /https?:\/\/\S+\/account\/sign-in\?token=[\w-]+(?:&next=[\w/-]+)?/.exec(text ?? "")?.[0];
  if (!link?.startsWith(shop.origin)) throw new Error(`no account sign-in link in:\n${text}`);
  return link;
}

/** Asks for a link, opens it from the mail, presses "Sign in": the session cookie, as a Cookie header. */
export async function shopperSignIn(
  shop: TestShop,
  post: ReturnType<typeof formPoster>,
  email: string,
  next?: string,
): Promise<string> {
  const links = () =>
    mailsTo(shop.emulators.mail.messages(), email)
      .filter((mail) => mail.text?.includes("/account/sign-in?token="))
      .map((mail) => accountLinkIn(shop, mail.text));
  const before = new Set(links());
  const asked = await post("/account", { email, ...(next ? { next } : {}) });
  expect(asked.status).toBe(200);
  expect(textOf(await asked.text())).toContain("a sign-in link is on its way");
  const link = await eventually(() => {
    const fresh = links().find((found) => !before.has(found));
    if (!fresh) throw new Error(`no new sign-in link for ${email}`);
    return fresh;
  });
  const signedIn = await post(link, {});
  expect(signedIn.status).toBe(303);
  return (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
