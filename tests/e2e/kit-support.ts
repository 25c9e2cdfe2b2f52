import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./support";

/** Issue 35's e2e helpers: signing in by e-mailed link (shopper or operator) and a shipped batch of kits. */

type Mail = { to: string[]; text: string | null };
export async function mailsTo(request: APIRequestContext, base: string, address: string): Promise<Mail[]> {
  const { messages } = (await (await request.get(`${base}/__sandbox/mail/messages.json`)).json()) as {
    messages: Mail[];
  };
  return messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** Asks at `startPath` for a link for `address`, opens the new one from the mail, and presses "Sign in". */
export async function signInByLink(
  page: Page,
  request: APIRequestContext,
  base: string,
  address: string,
  startPath: string,
  linkPath: string,
) {
  const before = (await mailsTo(request, base, address)).length;
  await page.goto(`${base}${startPath}`);
  await page.getByLabel("E-mail address").fill(address);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByText(/sign-in link is on its way|a link is on its way/)).toBeVisible();
  let link: string | undefined;
  const pattern = new RegExp(`https?://\\S+${linkPath.replace(/[/?]/g, "\\$&")}\\?token=[\\w-]+\\S*`);
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(request, base, address);
        if (mails.length <= before) return undefined;
        // The newest first, as the mail sandbox lists them.
        link = pattern.exec(mails[0]?.text ?? "")?.[0];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  await page.goto(link as string);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The operator makes a batch of `size` kits and marks it shipped; its printed IDs from the page. */
export async function shippedBatch(page: Page, request: APIRequestContext, base: string, operator: string) {
  await signInByLink(page, request, base, operator, "/admin", "/admin/sign-in");
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.goto(`${base}/admin/kits`);
  await page.getByLabel("New batch: how many kits").fill("3");
  await page.getByRole("button", { name: "Make the batch" }).click();
  await expect(page.getByText(/Batch made: 3 new kit IDs/)).toBeVisible();
  await page.getByRole("button", { name: "Mark shipped to the warehouse" }).click();
  await expect(page.getByText("Marked shipped to the warehouse")).toBeVisible();
  const ids = await page.getByTestId("batch-kits").locator("tbody th").allTextContents();
  return { url: page.url(), ids };
}
