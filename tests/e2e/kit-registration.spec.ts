import { shippedBatch, signInByLink } from "./kit-support";
import { withOwnServer } from "./own-server";
import { expect, expectNoAxeViolations, waitForHydration } from "./support";

/**
 * Issue 35 items 1-3 in the browser, at both widths: the operator makes and ships a batch; a shopper
 * with no password signs in by the e-mailed link and registers a kit, the check character naming a
 * typing mistake before anything is sent; a second registration of the kit is refused.
 */
const OPERATOR = "ops@forge.example";
const test = withOwnServer({ ADMIN_EMAILS: OPERATOR, PGLITE_DIR: "memory://", RATE_LIMIT_MULTIPLIER: "50" });

test("a shopper signs in by e-mailed link and registers a kit; the check character catches a typo", async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const base = ownServer.url;
  const { ids } = await shippedBatch(page, request, base, OPERATOR);
  const kit = ids[0] ?? "";
  await page.screenshot({ path: test.info().outputPath("batch.png"), fullPage: true });
  expect(kit).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await page.context().clearCookies();

  // The kit page leads to registration, which asks a visitor to sign in first.
  await page.goto(`${base}/product/test-kit`);
  await page.getByRole("link", { name: "Register your kit" }).click();
  await expect(page).toHaveURL(/\/account\?next=%2Fresults%2Fregister$/);
  const email = `kit-${Date.now().toString(36)}@example.com`;
  await signInByLink(page, request, base, email, "/account?next=/results/register", "/account/sign-in");
  await expect(page).toHaveURL(/\/results\/register$/);
  await expect(page.getByRole("heading", { level: 1, name: "Register your kit" })).toBeVisible();
  await waitForHydration(page);

  // One symbol changed: named at once, in the browser, and the form is not sent.
  const typo = kit.slice(0, 5) + (kit[5] === "A" ? "B" : "A") + kit.slice(6);
  const requests: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST") requests.push(sent.url());
  });
  await page.getByLabel("Kit ID").fill(typo);
  await page.getByLabel("The tester's date of birth").fill("1985-06-15");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Register this kit" }).click();
  await expect(page.getByText("This kit ID has a typing mistake").first()).toBeVisible();
  await expect(page.getByLabel("Kit ID")).toBeFocused();
  expect(requests).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("typo.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByLabel("Kit ID").fill(kit.toLowerCase());
  await page.getByRole("button", { name: "Register this kit" }).click();
  await expect(page.getByText(`Kit ${kit} is registered to your account`)).toBeVisible();
  await expect(page.getByTestId("registered-kits")).toContainText(kit);
  await expect(page.getByTestId("registered-kits")).toContainText("Registered: waiting for your sample");
  await page.screenshot({ path: test.info().outputPath("registered.png"), fullPage: true });

  // A second account cannot register the same kit, and learns nothing more.
  await page.context().clearCookies();
  await signInByLink(
    page,
    request,
    base,
    `other-${email}`,
    "/account?next=/results/register",
    "/account/sign-in",
  );
  await page.getByLabel("Kit ID").fill(kit);
  await page.getByLabel("The tester's date of birth").fill("1990-01-01");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Register this kit" }).click();
  await expect(page.getByText("This kit is already registered").first()).toBeVisible();
  await expect(page.getByText("No kit registered yet.")).toBeVisible();
  await expectNoAxeViolations(page);
});
