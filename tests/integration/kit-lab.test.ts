import { describe, expect, it } from "vitest";
import { type ResultInput, resultBundle, signedHeaders, specimen } from "../../sandbox/lab/fhir";
import { databaseTargets } from "../../scripts/lib/test-database";
import { healthFigures, withoutLinks } from "../support/health-figures";
import { useShop } from "../support/shop";
import { eventually, mailsTo } from "./checkout-harness";
import { adminSignIn, buyOrder, formPoster, textOf } from "./order-pages-support";

/**
 * Issue 35 items 4 and 7 over HTTP: the lab's FHIR deliveries to /api/lab/fhir, signed (and forged),
 * malformed ones answered with an OperationOutcome, duplicates and late versions changing nothing
 * shown, corrections kept as history, a rejected sample replaced by one $0 Shopify order, e-mails that
 * carry no value, no plaintext value in the raw rows, and deletion: by the person, or 12 months after
 * arrival with one warning 30 days before (the job's clock is the database's: rows are backdated).
 */
const ADMIN = "ops@forge.example";
const LAB_SECRET = "lab-secret-".padEnd(48, "k");
let lastClient = 80;
const newClient = () => `203.0.113.${++lastClient}`;

describe.each(databaseTargets)("the lab's deliveries on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: {
      ADMIN_EMAILS: ADMIN,
      TRUST_PROXY_HOPS: "1",
      LAB_INTEGRATIONS: `acme:${LAB_SECRET}`,
      KIT_RESULT_RETENTION_POLL_SECONDS: "1",
    },
  });
  const post = formPoster(shop, newClient);

  const deliver = (resource: unknown, sign: { id?: string; secret?: string; at?: number } | null = {}) => {
    const body = JSON.stringify(resource);
    const headers = sign
      ? signedHeaders(sign.id ?? "acme", sign.secret ?? LAB_SECRET, body, sign.at)
      : { "Content-Type": "application/fhir+json" };
    return fetch(`${shop.origin}/api/lab/fhir`, { method: "POST", headers, body });
  };
  const outcomeOf = async (response: Response) => {
    expect(response.headers.get("content-type")).toContain("application/fhir+json");
    const body = (await response.json()) as {
      resourceType: string;
      issue: { code: string; diagnostics: string }[];
    };
    expect(body.resourceType).toBe("OperationOutcome");
    return {
      status: response.status,
      code: body.issue[0]?.code,
      diagnostics: body.issue[0]?.diagnostics ?? "",
    };
  };
  const result = (kitId: string, over: Partial<ResultInput> = {}) =>
    resultBundle({
      kitId,
      reportId: `ACC-${kitId}`,
      version: 1,
      status: "final",
      value: 512,
      unit: "ng/dL",
      collectedAt: new Date(Date.now() - 3 * 86_400_000),
      ...over,
    });

  /** A shopper signed in by link (the cookie), as kit-portal.test.ts does it. */
  async function signIn(email: string): Promise<string> {
    const links = () =>
      mailsTo(shop.emulators.mail.messages(), email).map(
        (mail) => /https?:\/\/\S+\/account\/sign-in\?token=[\w-]+/.exec(mail.text ?? "")?.[0] ?? "",
      );
    const before = new Set(links());
    expect((await post("/account", { email })).status).toBe(200);
    const link = await eventually(() => {
      const fresh = links().find((found) => found && !before.has(found));
      if (!fresh) throw new Error(`no new sign-in link for ${email}`);
      return fresh;
    });
    const signedIn = await post(link, {});
    return (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }

  /** `count` kits made, shipped and registered by `email`; their printed IDs and the shopper's cookie. */
  async function registeredKits(email: string, count: number) {
    const admin = await adminSignIn(shop, post, ADMIN);
    const made = await post("/admin/kits", { size: String(count + 1) }, { cookie: admin });
    const batch = /\/admin\/kits\/(\d+)/.exec(made.headers.get("location") ?? "")?.[1] ?? "";
    const csv = await (
      await fetch(`${shop.origin}/admin/kits/${batch}/csv`, { headers: { cookie: admin } })
    ).text();
    const ids = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0] ?? "");
    expect((await post(`/admin/kits/${batch}`, { intent: "mark-shipped" }, { cookie: admin })).status).toBe(
      303,
    );
    const cookie = await signIn(email);
    for (const kitId of ids.slice(0, count))
      expect(
        (await post("/results/register", { kitId, dateOfBirth: "1980-05-17", consent: "yes" }, { cookie }))
          .status,
      ).toBe(303);
    return { kits: ids.slice(0, count), unregistered: ids[count] ?? "", cookie, admin, batch };
  }
  const compact = (kitId: string) => kitId.replace(/-/g, "");
  const rowsOf = (sql: string, params: unknown[]) => shop.store.query<Record<string, unknown>>(sql, params);

  it("refuses deliveries not signed by a configured lab, and malformed ones, with an OperationOutcome", async () => {
    const { kits, unregistered } = await registeredKits("refusals@example.com", 1);
    const kit = kits[0] ?? "";
    for (const forged of [
      deliver(specimen(kit, "received"), null),
      deliver(specimen(kit, "received"), { secret: "another-secret-".padEnd(48, "x") }),
      deliver(specimen(kit, "received"), { id: "other" }),
      deliver(specimen(kit, "received"), { at: Date.now() - 10 * 60_000 }),
    ])
      expect(await outcomeOf(await forged)).toMatchObject({ status: 401, code: "login" });
    const signed = (body: string) =>
      fetch(`${shop.origin}/api/lab/fhir`, {
        method: "POST",
        headers: signedHeaders("acme", LAB_SECRET, body),
        body,
      });
    expect(await outcomeOf(await signed("{not json"))).toMatchObject({ status: 400, code: "structure" });
    const broken = result(kit) as { entry: { resource: { valueQuantity?: { code: string } } }[] };
    if (broken.entry[1]?.resource.valueQuantity) broken.entry[1].resource.valueQuantity.code = "mg/L";
    expect(await outcomeOf(await deliver(broken))).toMatchObject({ status: 400, code: "structure" });
    expect(await outcomeOf(await deliver(result(kit, { status: "preliminary" })))).toMatchObject({
      status: 422,
      code: "not-supported",
    });
    // Issued but not registered, or never issued: the same answer, naming no other kit.
    const unknown = [
      await deliver(result(unregistered)),
      await deliver(specimen("0000-0000-0000", "received")),
    ];
    for (const response of unknown) {
      const outcome = await outcomeOf(response);
      expect(outcome).toEqual({
        status: 404,
        code: "not-found",
        diagnostics: "No registered kit has this ID.",
      });
    }
    const [state] = await rowsOf("select state from kits where id = $1", [compact(kit)]);
    expect(state?.state).toBe("registered");
  });

  it("records received, then the result; duplicates and a late older version change nothing shown; e-mails carry no value", async () => {
    const email = "results@example.com";
    const { kits, admin, batch } = await registeredKits(email, 1);
    const kit = kits[0] ?? "";
    expect((await outcomeOf(await deliver(specimen(kit, "received")))).status).toBe(201);
    expect(await outcomeOf(await deliver(specimen(kit, "received")))).toMatchObject({
      status: 200,
      code: "duplicate",
    });
    expect(
      textOf(
        await (await fetch(`${shop.origin}/admin/kits/${batch}`, { headers: { cookie: admin } })).text(),
      ),
    ).toMatch(/Sample received/i);
    expect((await outcomeOf(await deliver(result(kit, { value: 512.3 })))).status).toBe(201);
    expect((await outcomeOf(await deliver(result(kit, { value: 512.3 })))).status).toBe(200);
    expect((await deliver(result(kit, { version: 3, status: "corrected", value: 287.6 }))).status).toBe(201);
    const late = await outcomeOf(await deliver(result(kit, { version: 2, status: "amended", value: 498.1 })));
    expect(late).toMatchObject({
      status: 201,
      diagnostics: "Recorded as an earlier version: a later one stands.",
    });
    // One "ready" e-mail per version shown (1 and 3), none for the late version 2, none with a value.
    const ready = await shop.emulators.mail.waitFor(
      (all) =>
        mailsTo(all, email).filter((mail) => mail.subject === "Your Forge test result is ready").length >= 2,
    );
    const mails = mailsTo(ready, email).filter((mail) => mail.subject === "Your Forge test result is ready");
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
      expect(all).toContain(`${shop.origin}/results`);
      expect(withoutLinks(all)).not.toMatch(
        healthFigures(
          ["512", "287", "498", "264", "916"],
          [/ng\/dL/, /nmol/, /normal/, /\blow\b/, /\bhigh\b/],
        ),
      );
    }
    // Nor in a log line (read before anything restarts the server): it says a result was recorded, never what.
    expect(shop.server.logs.some((line) => line.includes("kit result recorded"))).toBe(true);
    expect(shop.server.logs.join("\n")).not.toMatch(/512\.3|287\.6|498\.1/);
    // The back office sees the state, never a value.
    const page = textOf(
      await (await fetch(`${shop.origin}/admin/kits/${batch}`, { headers: { cookie: admin } })).text(),
    );
    expect(page).toMatch(/Result/);
    expect(page).not.toMatch(healthFigures(["287", "512", "498"]));
    // At rest: three versions, the highest current, no value or flag in the clear anywhere in them.
    const versions = await rowsOf(
      "select r.current_version, v.* from kit_results r join kit_result_versions v using (kit_id) where kit_id = $1 order by v.version",
      [compact(kit)],
    );
    expect(versions.map((row) => [row.version, row.status, row.current_version])).toEqual([
      [1, "final", 3],
      [2, "amended", 3],
      [3, "corrected", 3],
    ]);
    expect(JSON.stringify(versions)).not.toMatch(/512\.3|287\.6|498\.1|"normal"|"low"|"high"/);
    for (const row of versions) expect(String(row.value_sealed)).toMatch(/^hd1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const outbox = await rowsOf("select payload from email_deliveries where to_address = $1", [email]);
    expect(withoutLinks(JSON.stringify(outbox))).not.toMatch(healthFigures(["512", "287", "498"]));
  });

  it("replaces a rejected sample with one free kit, ordered once in Shopify, and says so by e-mail", async () => {
    const email = "rejected@example.com";
    await buyOrder(shop, email);
    const { kits } = await registeredKits(email, 1);
    const kit = kits[0] ?? "";
    expect((await outcomeOf(await deliver(specimen(kit, "rejected")))).status).toBe(201);
    expect((await outcomeOf(await deliver(specimen(kit, "rejected")))).status).toBe(200);
    const source = `replacement_kit:${compact(kit)}`;
    const order = await eventually(() => {
      const found = shop.emulators.shopify.store.orders
        .all()
        .filter((one) => one.sourceIdentifier === source);
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(order?.email).toBe(email);
    expect(order?.lineItems).toHaveLength(1);
    expect(order?.transactions).toEqual([]);
    expect(order?.shippingAddress).not.toBeNull();
    const replaced = (all: ReturnType<typeof shop.emulators.mail.messages>) =>
      mailsTo(all, email).filter((one) => one.subject.includes("replacement is on its way"));
    const [mail] = replaced(await shop.emulators.mail.waitFor((all) => replaced(all).length > 0));
    expect(mail?.text).toContain(`${shop.origin}/results`);
    // No result can follow a rejected sample.
    expect((await outcomeOf(await deliver(result(kit)))).status).toBe(409);
    expect(
      shop.emulators.shopify.store.orders.all().filter((one) => one.sourceIdentifier === source),
    ).toHaveLength(1);
  });

  it("deletes a result when its person asks, and 12 months after it arrived with a warning 30 days before", async () => {
    const email = "deletion@example.com";
    const { kits, cookie } = await registeredKits(email, 2);
    const [soon, old] = kits as [string, string];
    for (const kit of kits) expect((await deliver(result(kit))).status).toBe(201);
    const stranger = await signIn("stranger@example.com");
    expect((await post("/results", { intent: "delete", kitId: soon }, { cookie: stranger })).status).toBe(
      404,
    );
    const deleted = await post("/results", { intent: "delete", kitId: soon }, { cookie });
    expect(deleted.status).toBe(303);
    expect((await deliver(result(soon))).status).toBe(200);
    expect(await rowsOf("select id from kit_result_versions where kit_id = $1", [compact(soon)])).toEqual([]);

    await rowsOf(
      "update kit_results set first_received_at = now() - interval '12 months' + interval '20 days' where kit_id = $1",
      [compact(old)],
    );
    const warning = "Your Forge test result will be deleted in 30 days";
    const warnings = (all: ReturnType<typeof shop.emulators.mail.messages>) =>
      mailsTo(all, email).filter((one) => one.subject === warning);
    const [mail] = warnings(await shop.emulators.mail.waitFor((all) => warnings(all).length > 0, 30_000));
    expect(withoutLinks(mail?.text ?? "")).not.toMatch(healthFigures(["512", "264", "916"]));
    await rowsOf(
      "update kit_results set first_received_at = now() - interval '12 months 1 hour' where kit_id = $1",
      [compact(old)],
    );
    // Once deleted, a late copy of the report is answered "not stored" (asked over HTTP: PGlite's files are the server's).
    await eventually(
      async () => {
        const again = await outcomeOf(await deliver(result(old)));
        expect(again.diagnostics).toBe("Not stored: this result is no longer kept.");
      },
      30_000,
      500,
    );
    const rows = await rowsOf("select deleted_at, deletion_warned_at from kit_results where kit_id = $1", [
      compact(old),
    ]);
    expect(rows[0]?.deleted_at).not.toBeNull();
    expect(await rowsOf("select id from kit_result_versions where kit_id = $1", [compact(old)])).toEqual([]);
    expect(
      mailsTo(shop.emulators.mail.messages(), email).filter((one) => one.subject === warning),
    ).toHaveLength(1);
  });
});
