import { SANDBOX_TEST_KIT_VARIANT } from "../../scripts/lib/sandbox-checkout";
import { healthFigures, withoutLinks } from "../support/health-figures";
import { paidThroughApi } from "./api-purchase";
import { shippedBatch, signInByLink } from "./kit-support";
import { withOwnServer } from "./own-server";
import { expect, expectNoAxeViolations } from "./support";

/**
 * Issue 35 items 4 and 5 in the browser, at both widths: a shopper buys a kit and registers it; it appears on the lab
 * emulator's page; the operator marks its sample received and sends a result, each delivered to the
 * store over HTTP as a lab does; the shopper's "result is ready" e-mail arrives without the value.
 */
const OPERATOR = "ops@forge.example";
const test = withOwnServer({ ADMIN_EMAILS: OPERATOR, PGLITE_DIR: "memory://", RATE_LIMIT_MULTIPLIER: "50" });

type Mail = { to: string[]; subject: string; text: string | null; html: string | null };

test("the lab emulator receives a registered kit's sample and sends its result; the e-mail has no value", async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const base = ownServer.url;
  const { ids } = await shippedBatch(page, request, base, OPERATOR);
  const kit = ids[0] ?? "";
  await page.context().clearCookies();
  const email = `lab-${Date.now().toString(36)}@example.com`;
  // The shopper buys a kit (the warehouse ships one of the batch's printed kits), then registers it.
  await paidThroughApi(request, base, email, 1, SANDBOX_TEST_KIT_VARIANT);
  await signInByLink(page, request, base, email, "/account?next=/results/register", "/account/sign-in");
  await expect(page).toHaveURL(/\/results\/register$/);
  await page.getByLabel("Kit ID").fill(kit);
  await page.getByLabel("The tester's date of birth").fill("1982-03-09");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Register this kit" }).click();
  await expect(page.getByTestId("registered-kits")).toContainText(kit);

  // The operator's page lists the registered kit (sandbox only) and takes its sample.
  await page.goto(`${base}/__sandbox/lab`);
  const kits = page.getByRole("region", { name: "Registered kits" });
  await expect(kits.getByRole("row", { name: new RegExp(kit) })).toContainText("Registered: no sample yet");
  await expectNoAxeViolations(page);
  const sample = page.getByRole("region", { name: "A sample arrives" });
  await sample.getByLabel(/Kit ID/).fill(kit.toLowerCase());
  await sample.getByRole("button", { name: "Mark received" }).click();
  await expect(page.getByRole("status").first()).toContainText(`Sample ${kit} marked received`);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .getByRole("region", { name: "Registered kits" })
          .getByRole("row", { name: new RegExp(kit) })
          .textContent();
      },
      { timeout: 30_000 },
    )
    .toContain("Sample received");

  const form = page.getByRole("region", { name: "Send a result" });
  await form.getByLabel(/Kit ID/).fill(kit);
  await form.getByLabel("Value").fill("512");
  await form.getByRole("button", { name: "Send result" }).click();
  await expect(page.getByRole("status").first()).toContainText(`Result v1 (final) for ${kit}`);
  const deliveries = page.getByRole("region", { name: "Deliveries" });
  await expect
    .poll(
      async () => {
        await page.reload();
        return deliveries.getByRole("row", { name: /Result v1/ }).textContent();
      },
      { timeout: 30_000 },
    )
    .toMatch(/delivered.*201 Recorded/);
  await page.screenshot({ path: test.info().outputPath("lab-emulator.png"), fullPage: true });
  await expectNoAxeViolations(page);

  // The e-mail says a result is ready and links to /results: no value, range or flag.
  let ready: Mail | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get(`${base}/__sandbox/mail/messages.json`)).json()) as {
          messages: Mail[];
        };
        ready = messages.find(
          (mail) => mail.to.includes(email) && mail.subject === "Your Forge test result is ready",
        );
        return ready !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const all = `${ready?.subject}\n${ready?.text}\n${ready?.html}`;
  expect(all).toContain("/results");
  expect(withoutLinks(all)).not.toMatch(healthFigures(["512", "264", "916"], [/ng\/dL/, /normal/]));
  await page.goto(`${base}/results/register`);
  await expect(page.getByTestId("registered-kits")).toContainText("Result ready");

  // The e-mail's link leads to the result, its meaning and its chart.
  const link = /https?:\/\/\S+\/results(?=[\s"<]|$)/.exec(ready?.text ?? "")?.[0] ?? "";
  expect(link.startsWith(base)).toBe(true);
  await page.goto(link);
  await expect(page.getByTestId("result-value")).toHaveText("512 ng/dL");
  await expect(page.getByText("Within the lab's range", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: "Total testosterone in ng/dL over time" })).toBeVisible();
  await expectNoAxeViolations(page);
});
