import { expect } from "vitest";
import type { TestShop } from "../support/shop";
import { eventually, mailsTo } from "./checkout-harness";
import { adminSignIn, type formPoster, textOf } from "./order-pages-support";

/**
 * What the kit portal's tests do as people do (issue 35): a shopper signs in by the e-mailed link, the
 * back office makes and ships a batch of kit IDs, a kit is registered. Shared by kit-portal.test.ts and
 * the results tests.
 */
export const ADULT = "1984-02-29";

type Post = ReturnType<typeof formPoster>;

export function kitPortal(shop: TestShop, post: Post, admin: string) {
  const get = (path: string, cookie?: string) =>
    fetch(path.startsWith("http") ? path : `${shop.origin}${path}`, {
      redirect: "manual",
      headers: cookie ? { cookie } : {},
    });

  /** The account sign-in link in a message's text (it may carry `&next=/results/register`). */
  const accountLinkIn = (text: string | null) => {
    const link = /https?:\/\/\S+\/account\/sign-in\?token=[\w-]+(?:&next=[\w/-]+)?/.exec(text ?? "")?.[0];
    if (!link?.startsWith(shop.origin)) throw new Error(`no account sign-in link in:\n${text}`);
    return link;
  };

  /** A shopper signs in as a person does: asks for a link, opens it from the mail, presses "Sign in". */
  async function shopperSignIn(email: string, next?: string): Promise<string> {
    const links = () =>
      mailsTo(shop.emulators.mail.messages(), email).map((mail) => accountLinkIn(mail.text));
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

  /** A batch of `size` kits made and (unless told otherwise) shipped, as the back office does it. */
  async function batchOfKits(size: number, shipped = true): Promise<{ id: string; kits: string[] }> {
    const cookie = await adminSignIn(shop, post, admin);
    const made = await post("/admin/kits", { size: String(size) }, { cookie });
    expect(made.status).toBe(303);
    const location = made.headers.get("location") ?? "";
    const id = /\/admin\/kits\/(\d+)/.exec(location)?.[1] ?? "";
    const csv = await get(`/admin/kits/${id}/csv`, cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("kit_id,batch");
    const kits = lines.slice(1).map((line) => line.split(",")[0] ?? "");
    expect(kits).toHaveLength(size);
    if (shipped) {
      const marked = await post(`/admin/kits/${id}`, { intent: "mark-shipped" }, { cookie });
      expect(marked.status).toBe(303);
    }
    return { id, kits };
  }

  const register = (cookie: string, fields: Record<string, string>) =>
    post("/results/register", { consent: "yes", dateOfBirth: ADULT, ...fields }, { cookie });

  return { get, accountLinkIn, shopperSignIn, batchOfKits, register };
}
