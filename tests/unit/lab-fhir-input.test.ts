import { describe, expect, it } from "vitest";
import { readLabMessage } from "~/server/lab/fhir-input.server";
import { labSignature, parseLabIntegrations, verifyLabDelivery } from "~/server/lab/lab-auth.server";
import { formatKitId, KIT_ID_EXAMPLE, normalizeKitId } from "~/shared/kit-id";
import { type ResultInput, resultBundle, signedHeaders, specimen } from "../../sandbox/lab/fhir";

/** Issue 35 item 4: what the store reads from a lab's FHIR R4 messages, and what it refuses. */
const KIT = normalizeKitId(KIT_ID_EXAMPLE);
const collectedAt = new Date("2026-11-20T08:15:00Z");
const input = (over: Partial<ResultInput> = {}): ResultInput => ({
  kitId: formatKitId(KIT),
  reportId: "ACC-1001",
  version: 1,
  status: "final",
  value: 512,
  unit: "ng/dL",
  collectedAt,
  ...over,
});
/** A resource of the bundle, edited freely to break it. */
// biome-ignore lint/suspicious/noExplicitAny: the tests reach into the JSON to break it
type Resource = any;
/** The bundle with one of its resources changed. */
function edited(over: Partial<ResultInput>, edit: (report: Resource, observation: Resource) => void) {
  const bundle = resultBundle(input(over)) as { entry: { resource: unknown }[] };
  edit(bundle.entry[0]?.resource, bundle.entry[1]?.resource);
  return bundle;
}

describe("a result", () => {
  it("reads the value, unit, range, flag, collection time, status and version", () => {
    expect(readLabMessage(resultBundle(input()))).toEqual({
      ok: true,
      message: {
        kind: "result",
        kitId: KIT,
        reportId: "ACC-1001",
        version: 1,
        status: "final",
        collectedAt,
        value: 512,
        unit: "ng/dL",
        referenceRange: { low: 264, high: 916, unit: "ng/dL" },
        flag: "normal",
      },
    });
  });

  it("reads nmol/L (LOINC 14913-8), a low flag and a corrected version", () => {
    const read = readLabMessage(
      resultBundle(input({ unit: "nmol/L", value: 7.1, version: 2, status: "corrected" })),
    );
    expect(read).toMatchObject({
      ok: true,
      message: {
        unit: "nmol/L",
        value: 7.1,
        flag: "low",
        version: 2,
        status: "corrected",
        referenceRange: { low: 9.2, high: 31.8, unit: "nmol/L" },
      },
    });
  });

  it("reads the kit ID however it is written, and refuses one whose check character is wrong", () => {
    expect(readLabMessage(resultBundle(input({ kitId: KIT.toLowerCase() })))).toMatchObject({
      ok: true,
      message: { kitId: KIT },
    });
    const typo = `${KIT.slice(0, 11)}${KIT[11] === "0" ? "1" : "0"}`;
    expect(readLabMessage(resultBundle(input({ kitId: typo })))).toMatchObject({
      ok: false,
      problem: { code: "value" },
    });
  });

  it.each([
    ["no version", (report: Resource) => delete report.meta.versionId, "required"],
    ["a version of 0", (report: Resource) => (report.meta.versionId = "0"), "structure"],
    ["no kit ID", (report: Resource) => (report.specimen = [{ reference: "Specimen/1" }]), "required"],
    [
      "a value that is not a number",
      (_: Resource, observation: Resource) => (observation.valueQuantity.value = "512"),
      "structure",
    ],
    [
      "an unknown unit",
      (_: Resource, observation: Resource) => (observation.valueQuantity.code = "mg/L"),
      "structure",
    ],
    [
      "a range in another unit",
      (_: Resource, observation: Resource) => (observation.referenceRange[0].low.code = "nmol/L"),
      "value",
    ],
    [
      "no collection time",
      (_: Resource, observation: Resource) => delete observation.effectiveDateTime,
      "required",
    ],
    [
      "another test",
      (_: Resource, observation: Resource) => (observation.code.coding[0].code = "2345-7"),
      "not-supported",
    ],
    [
      "an unknown interpretation",
      (_: Resource, observation: Resource) => (observation.interpretation[0].coding[0].code = "A"),
      "not-supported",
    ],
  ])("refuses %s", (_name, edit, code) => {
    expect(readLabMessage(edited({}, edit))).toMatchObject({ ok: false, problem: { code } });
  });

  it("accepts only final, amended or corrected results", () => {
    expect(readLabMessage(resultBundle(input({ status: "preliminary" })))).toMatchObject({
      ok: false,
      problem: { code: "not-supported", message: "only final, amended or corrected results are accepted" },
    });
  });

  it("refuses what is not a Bundle or Specimen, and a Bundle without its report", () => {
    expect(readLabMessage({ resourceType: "Patient" })).toMatchObject({
      ok: false,
      problem: { code: "not-supported" },
    });
    expect(readLabMessage([1, 2])).toMatchObject({ ok: false, problem: { code: "structure" } });
    expect(readLabMessage({ resourceType: "Bundle", type: "collection", entry: [] })).toMatchObject({
      ok: false,
    });
  });
});

describe("a sample", () => {
  it("received (available, with its time) or rejected (unsatisfactory)", () => {
    const at = new Date("2026-11-22T14:00:00Z");
    expect(readLabMessage(specimen(formatKitId(KIT), "received", at))).toEqual({
      ok: true,
      message: { kind: "specimen", kitId: KIT, event: "received", at },
    });
    expect(readLabMessage(specimen(KIT, "rejected"))).toMatchObject({
      ok: true,
      message: { event: "rejected" },
    });
    expect(readLabMessage({ ...specimen(KIT, "received"), status: "unavailable" })).toMatchObject({
      ok: false,
    });
  });
});

describe("a lab's signature", () => {
  const labs = parseLabIntegrations(`acme:${"a".repeat(40)},other:${"b".repeat(40)}`);
  const body = JSON.stringify(specimen(KIT, "received"));
  const now = Date.parse("2026-11-28T10:00:00Z");

  it("names the lab whose secret signed the body, within five minutes", () => {
    expect(
      verifyLabDelivery(labs, new Headers(signedHeaders("acme", "a".repeat(40), body, now)), body, now)?.id,
    ).toBe("acme");
    expect(
      verifyLabDelivery(
        labs,
        new Headers(signedHeaders("acme", "a".repeat(40), body, now - 200_000)),
        body,
        now,
      )?.id,
    ).toBe("acme");
  });

  it("refuses another lab's secret, a changed body, an old timestamp and no signature", () => {
    const signed = new Headers(signedHeaders("acme", "b".repeat(40), body, now));
    expect(verifyLabDelivery(labs, signed, body, now)).toBeNull();
    const good = signedHeaders("acme", "a".repeat(40), body, now);
    expect(verifyLabDelivery(labs, new Headers(good), `${body} `, now)).toBeNull();
    expect(
      verifyLabDelivery(
        labs,
        new Headers(signedHeaders("acme", "a".repeat(40), body, now - 301_000)),
        body,
        now,
      ),
    ).toBeNull();
    expect(verifyLabDelivery(labs, new Headers({ "X-Lab-Id": "acme" }), body, now)).toBeNull();
    expect(labSignature("a".repeat(40), "1", body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it("reads LAB_INTEGRATIONS, and refuses short secrets and repeated ids", () => {
    expect(() => parseLabIntegrations("acme:short")).toThrow(/at least 32 characters/);
    expect(() => parseLabIntegrations(`a:${"x".repeat(32)},a:${"y".repeat(32)}`)).toThrow(/twice/);
    expect(() => parseLabIntegrations("")).toThrow();
  });
});
