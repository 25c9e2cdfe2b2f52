import { describe, expect, it } from "vitest";
import { resultBundle, signedHeaders, specimen } from "../../sandbox/lab/fhir";
import { databaseTargets } from "../../scripts/lib/test-database";
import { planAnswers } from "../support/quiz-answers";
import { useShop } from "../support/shop";
import { kitPortal } from "./kit-portal-support";
import { buyOrder, formPoster, textOf } from "./order-pages-support";

/**
 * Issue 35 item 6 over HTTP: /results for the signed-in person: each result with its date, value, unit,
 * the lab's range and flag and what it means; a correction with its earlier version; nmol/L shown in
 * ng/dL too; the timeline (the table equivalent of its chart) with the Enhancer the person's orders bought
 * and the quiz they saved signed in; "Download my results" as a FHIR Bundle; deleting one sooner; and
 * nobody else's results, ever.
 */
const ADMIN = "ops@forge.example";
const LAB = { id: "testlab", secret: "lab-secret-for-the-results-page-tests-0123456789" };
let lastClient = 120;
const newClient = () => `203.0.113.${++lastClient}`;
describe.each(databaseTargets)("the results page on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { ADMIN_EMAILS: ADMIN, LAB_INTEGRATIONS: `${LAB.id}:${LAB.secret}`, TRUST_PROXY_HOPS: "1" },
  });
  const post = formPoster(shop, newClient);
  const { get, shopperSignIn, batchOfKits, register } = kitPortal(shop, post, ADMIN);

  async function deliver(message: Record<string, unknown>) {
    const body = JSON.stringify(message);
    const response = await fetch(`${shop.origin}/api/lab/fhir`, {
      method: "POST",
      headers: signedHeaders(LAB.id, LAB.secret, body),
      body,
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
  }

  it("shows a visitor who is not signed in what the page holds, a way to sign in, and the quiz", async () => {
    const page = await get("/results");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    const text = textOf(await page.text());
    expect(text).toContain("Your Results");
    expect(text).toContain("Sign in to see your results");
    expect(text).toContain("Take the T-Quiz");
    const download = await get("/results/download");
    expect(download.status).toBe(302);
    expect(download.headers.get("location")).toBe("/account?next=%2Fresults");
  });

  it("shows the person's results, their meaning, the timeline and the download; deletes one on request", async () => {
    const email = `results-${name}@example.com`;
    const { kits } = await batchOfKits(2);
    const [first = "", second = ""] = kits;
    const cookie = await shopperSignIn(email);
    for (const kitId of [first, second]) expect((await register(cookie, { kitId })).status).toBe(303);

    // A quiz saved while signed in, and two bottles of the Enhancer bought with the same address.
    const finished = await post("/quiz", { ...planAnswers, intent: "finish" });
    const resultPath = finished.headers.get("location") ?? "";
    expect(resultPath).toMatch(/^\/results\/quiz\//);
    expect((await post(resultPath, { intent: "save", consent: "yes" }, { cookie })).status).toBe(303);
    await buyOrder(shop, email);

    // Waiting: the kits are listed with where they are.
    await deliver(specimen(first, "received"));
    let text = textOf(await (await get("/results", cookie)).text());
    expect(text).toContain("No results yet");
    expect(text).toContain("The lab has your sample: results in 3-5 days from when it arrived");
    expect(text).toContain("Registered: waiting for your sample to reach the lab");

    const collected = new Date(Date.now() - 3 * 86_400_000);
    await deliver(
      resultBundle({
        kitId: first,
        reportId: "R-1",
        version: 1,
        status: "final",
        value: 251,
        unit: "ng/dL",
        collectedAt: collected,
      }),
    );
    await deliver(
      resultBundle({
        kitId: first,
        reportId: "R-1",
        version: 2,
        status: "corrected",
        value: 238,
        unit: "ng/dL",
        collectedAt: collected,
      }),
    );
    await deliver(
      resultBundle({
        kitId: second,
        reportId: "R-2",
        version: 1,
        status: "final",
        value: 14.3,
        unit: "nmol/L",
        collectedAt: new Date(),
      }),
    );

    const page = await get("/results", cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    text = textOf(await page.text());
    expect(text).toContain(`Signed in as ${email}. Only you see these results.`);
    // The corrected value, the lab's range and flag in words, what a low result calls for.
    expect(text).toContain("238 ng/dL");
    expect(text).toContain("264-916 ng/dL");
    expect(text).toContain("Below the lab's range");
    expect(text).toContain("a low result is repeated on another morning");
    expect(text).toMatch(
      /The lab corrected this result\. Earlier versions: Version 1 \(final\), received [A-Z][a-z]{2} \d{1,2}, \d{4}: 251 ng\/dL/,
    );
    // nmol/L shown in ng/dL as well (1 nmol/L = 28.84 ng/dL).
    expect(text).toContain("14.3 nmol/L = 412 ng/dL");
    expect(text).toContain("Within the lab's range");
    expect(text).toContain("Kept until");
    // The chart's table: both results, the supply the order bought, the quiz saved signed in.
    expect(text).toContain("Total testosterone in ng/dL over time");
    expect(text).toContain("Test result 238 ng/dL, below the lab's range");
    expect(text).toContain("Test result 412 ng/dL, within the lab's range");
    expect(text).toContain("Enhancer supply 60 days bought");
    expect(text).toMatch(/Quiz saved \S/);

    // Nobody else sees them.
    const other = await shopperSignIn(`someone-else-${name}@example.com`);
    const theirs = textOf(await (await get("/results", other)).text());
    expect(theirs).toContain("No results yet");
    expect(theirs).not.toContain("238");

    // Download: a FHIR R4 Bundle of every result and each earlier version.
    const download = await get("/results/download", cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("application/fhir+json");
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="forge-results-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(download.headers.get("cache-control")).toBe("no-store");
    const bundle = (await download.json()) as {
      resourceType: string;
      type: string;
      entry: { resource: Record<string, unknown> }[];
    };
    expect(bundle).toMatchObject({ resourceType: "Bundle", type: "collection" });
    const resources = bundle.entry.map((entry) => entry.resource);
    expect(resources.filter((resource) => resource.resourceType === "DiagnosticReport")).toHaveLength(2);
    const observations = resources.filter((resource) => resource.resourceType === "Observation");
    expect(
      observations.map((resource) => [
        (resource.code as { coding: { code: string }[] }).coding[0]?.code,
        resource.status,
        resource.valueQuantity,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [
          "2986-8",
          "corrected",
          { value: 238, unit: "ng/dL", system: "http://unitsofmeasure.org", code: "ng/dL" },
        ],
        [
          "2986-8",
          "final",
          { value: 251, unit: "ng/dL", system: "http://unitsofmeasure.org", code: "ng/dL" },
        ],
        [
          "14913-8",
          "final",
          { value: 14.3, unit: "nmol/L", system: "http://unitsofmeasure.org", code: "nmol/L" },
        ],
      ]),
    );
    expect(observations).toHaveLength(3);

    // Deleting sooner: from this site only, only one's own, and then gone.
    expect((await post("/results", { intent: "delete", kitId: second }, { cookie: other })).status).toBe(404);
    const foreign = await post(
      "/results",
      { intent: "delete", kitId: second },
      { cookie, origin: "https://evil.example" },
    );
    expect([400, 403]).toContain(foreign.status);
    const deleted = await post("/results", { intent: "delete", kitId: second }, { cookie });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/results?deleted=1");
    text = textOf(await (await get("/results?deleted=1", cookie)).text());
    expect(text).toContain("The result is deleted.");
    expect(text).not.toContain("14.3 nmol/L");
    expect(text).toContain("238 ng/dL");
    expect((await post("/results", { intent: "delete", kitId: second }, { cookie })).status).toBe(404);
  });
});
