import type { Page } from "@playwright/test";
import { paidThroughApi } from "./api-purchase";
import { expect, test } from "./support";

/**
 * Issue 32 item 11 in the browser, at 390 and 1280 px: the sandbox shows who sells as a plainly
 * fictional company, labelled "Sandbox identity: fictional", and no bracketed placeholder or
 * forge.example address on the pages, the order page or the order e-mail (decision 094).
 */
const LABEL = "Sandbox identity: fictional";
/** A bracketed placeholder ("[Company legal name]") or an example.* address left in the copy. */
const PLACEHOLDER = /\[[A-Z][^\]]*\]|forge\.example/;

async function expectNoPlaceholder(page: Page) {
  const text = (await page.locator("main").textContent()) ?? "";
  expect(text).not.toMatch(PLACEHOLDER);
}

for (const path of ["/contact", "/about", "/legal/privacy", "/legal/terms"]) {
  test(`${path}: the fictional company, labelled, and no placeholder`, async ({ page }) => {
    await page.goto(path);
    const main = page.locator("main");
    await expect(main.getByText("Forge Sandbox Company").first()).toBeVisible();
    await expect(main.getByText(LABEL).first()).toBeVisible();
    await expectNoPlaceholder(page);
  });
}

test("the order e-mail and the order page: the sandbox's support address, no placeholder", async ({
  page,
  request,
  baseURL,
}) => {
  const buyer = `identity-${Date.now().toString(36)}@example.com`;
  await paidThroughApi(request, baseURL as string, buyer);
  type Mail = { from: string | null; to: string[]; text: string | null; html: string | null };
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get("/__sandbox/mail/messages.json")).json()) as {
        messages: Mail[];
      };
      mail = messages.find((message) => message.to.includes(buyer));
      return mail !== undefined;
    })
    .toBe(true);
  const { from, text, html } = mail as Mail;
  for (const part of [from ?? "", text ?? "", html ?? ""]) expect(part).not.toMatch(PLACEHOLDER);
  expect(text).toContain("support@sandbox.forge.test");
  const link = /https?:\/\/\S+\/orders\/[\w-]{70}/.exec(text ?? "")?.[0] ?? "";
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order #\d+$/);
  await expect(
    page.locator("main").getByRole("link", { name: "support@sandbox.forge.test" }).first(),
  ).toBeVisible();
  await expectNoPlaceholder(page);
});
