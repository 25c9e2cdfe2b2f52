import type { APIRequestContext } from "@playwright/test";
import { resultBundle, signedHeaders, specimen } from "../../sandbox/lab/fhir";
import { planAnswers } from "../support/quiz-answers";
import { paidThroughApi } from "./api-purchase";
import { shippedBatch, signInByLink } from "./kit-support";
import { withOwnServer } from "./own-server";
import { expect, expectNoAxeViolations, waitForHydration } from "./support";

/**
 * Issue 35 item 6 in the browser, at both widths: a shopper's results page after the lab reported two
 * kits (one corrected): the chart and its table, each result's range, flag and meaning, the download,
 * and deleting a result with the keyboard. Zero axe violations, closed and open.
 */
const OPERATOR = "ops@forge.example";
const LAB = { id: "e2elab", secret: "lab-secret-for-the-results-page-e2e-0123456789" };
const test = withOwnServer({
  ADMIN_EMAILS: OPERATOR,
  PGLITE_DIR: "memory://",
  RATE_LIMIT_MULTIPLIER: "50",
  LAB_INTEGRATIONS: `${LAB.id}:${LAB.secret}`,
});

async function deliver(request: APIRequestContext, base: string, message: Record<string, unknown>) {
  const body = JSON.stringify(message);
  const response = await request.post(`${base}/api/lab/fhir`, {
    headers: signedHeaders(LAB.id, LAB.secret, body),
    data: body,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test("the results page: the chart, each result's meaning, the download, and deleting one", async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const base = ownServer.url;
  const { ids } = await shippedBatch(page, request, base, OPERATOR);
  const [first = "", second = "", third = ""] = ids;
  await page.context().clearCookies();
  const email = `results-${Date.now().toString(36)}@example.com`;
  await signInByLink(page, request, base, email, "/account?next=/results/register", "/account/sign-in");
  for (const kit of [first, second, third]) {
    await page.getByLabel("Kit ID").fill(kit);
    await page.getByLabel("The tester's date of birth").fill("1985-06-15");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Register this kit" }).click();
    await expect(page.getByText(`Kit ${kit} is registered to your account`)).toBeVisible();
  }

  // Two bottles bought with the same address, and a quiz result saved while signed in: the timeline's lanes.
  await paidThroughApi(request, base, email, 2);
  const finished = await page.request.post(`${base}/quiz`, {
    headers: { origin: base },
    form: { ...planAnswers, intent: "finish" },
    maxRedirects: 0,
  });
  const resultPath = finished.headers().location ?? "";
  const saved = await page.request.post(`${base}${resultPath}`, {
    headers: { origin: base },
    form: { intent: "save", consent: "yes" },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(303);

  const day = 86_400_000;
  const collected = new Date(Date.now() - 70 * day);
  await deliver(
    request,
    base,
    resultBundle({
      kitId: first,
      reportId: "E-1",
      version: 1,
      status: "final",
      value: 251,
      unit: "ng/dL",
      collectedAt: collected,
    }),
  );
  await deliver(
    request,
    base,
    resultBundle({
      kitId: first,
      reportId: "E-1",
      version: 2,
      status: "corrected",
      value: 238,
      unit: "ng/dL",
      collectedAt: collected,
    }),
  );
  await deliver(
    request,
    base,
    resultBundle({
      kitId: second,
      reportId: "E-2",
      version: 1,
      status: "final",
      value: 14.3,
      unit: "nmol/L",
      collectedAt: new Date(Date.now() - 2 * day),
    }),
  );
  await deliver(request, base, specimen(third, "received"));

  await page.goto(`${base}/results`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your Results" })).toBeVisible();
  const chart = page.getByRole("figure", { name: "Your results over time" });
  await expect(chart.getByRole("img", { name: "Total testosterone in ng/dL over time" })).toBeVisible();
  const values = page.getByTestId("result-value");
  await expect(values).toHaveText(["14.3 nmol/L= 412 ng/dL", "238 ng/dL"]);
  await expect(page.getByText("Below the lab's range", { exact: true })).toBeVisible();
  await expect(
    page.getByText("The lab has your sample: results in 3-5 days from when it arrived"),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("results.png"), fullPage: true });
  await chart.screenshot({ path: test.info().outputPath("chart.png") });
  await expectNoAxeViolations(page);

  // The chart as a table, opened from the keyboard.
  await chart.getByText("The chart as a table").focus();
  await page.keyboard.press("Enter");
  // Both results, the supply the order bought and the saved quiz.
  await expect(chart.getByRole("row")).toHaveCount(1 + 4);
  await expectNoAxeViolations(page);

  // The download is a FHIR file.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my results (FHIR JSON)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^forge-results-\d{4}-\d{2}-\d{2}\.json$/);

  // Deleting the newest result: two deliberate steps, by keyboard.
  const newest = page.getByRole("article").first();
  await newest.getByText("Delete this result").focus();
  await page.keyboard.press("Enter");
  await newest.getByRole("button", { name: "Delete it permanently" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("The result is deleted.")).toBeVisible();
  await expect(values).toHaveText(["238 ng/dL"]);
  await page.screenshot({ path: test.info().outputPath("after-delete.png"), fullPage: true });
});
