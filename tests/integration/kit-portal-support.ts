import { expect } from "vitest";
import type { TestShop } from "../support/shop";
import { accountLinkIn as accountLinkInMail, shopperSignIn as signInByLink } from "./account-support";
import { adminSignIn, type formPoster } from "./order-pages-support";

/**
 * What the kit portal's tests do as people do (issue 35): a shopper signs in by the e-mailed link
 * (account-support.ts), the back office makes and ships a batch of kit IDs, a kit is registered. Shared by kit-portal.test.ts and
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

  const accountLinkIn = (text: string | null) => accountLinkInMail(shop, text);
  const shopperSignIn = (email: string, next?: string) => signInByLink(shop, post, email, next);

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
