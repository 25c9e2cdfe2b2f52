import { z } from "zod";
import type { KitResultFlag, KitResultStatus } from "~/contracts/kit-results";
import type { LabReport } from "~/server/kits/results.server";
import { readKitId } from "~/shared/kit-id";

/**
 * What a lab sends, read from HL7 FHIR R4 JSON (issue 35 item 4, decision 113). Two messages:
 *
 * - a result: a `Bundle` (collection, transaction, batch or message) holding one `DiagnosticReport` and
 *   the `Observation`s its `result` references, total testosterone (LOINC 2986-8, mass per volume, or
 *   14913-8, moles per volume) with a `valueQuantity` in ng/dL or nmol/L (UCUM), the lab's
 *   `referenceRange` and `interpretation` (L, N, H), `effectiveDateTime` the collection time and the
 *   status (final, amended, corrected). The report's version is its `meta.versionId`, 1, 2, …;
 * - a sample received or rejected: a `Specimen`, `status` "available" with its `receivedTime`, or
 *   "unsatisfactory" (it could not be tested: insufficient, haemolysed, …).
 *
 * The kit is named by its printed ID as an identifier of the system `KIT_ID_SYSTEM`: on the Specimen,
 * and on the report's `specimen` reference. Anything else the lab sends alongside is ignored.
 */

export const KIT_ID_SYSTEM = "urn:forge:kit-id";
export const LOINC = "http://loinc.org";
export const UCUM = "http://unitsofmeasure.org";
export const INTERPRETATION_SYSTEM = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation";
/** Total testosterone in serum or plasma: mass per volume (ng/dL), and moles per volume (nmol/L). */
export const TOTAL_TESTOSTERONE_CODES = ["2986-8", "14913-8"] as const;

/** A lab's result as read: the report the results store keeps, less the lab it came through. */
export type LabResultMessage = { kind: "result" } & Omit<LabReport, "labId">;

export type LabSpecimenMessage = {
  kind: "specimen";
  kitId: string;
  event: "received" | "rejected";
  at: Date | null;
};

export type LabMessage = LabResultMessage | LabSpecimenMessage;

/** Why a message was refused: FHIR's issue type, and where and what, in words for the lab's developers. */
export type LabMessageProblem = {
  code: "structure" | "required" | "value" | "not-supported" | "invalid";
  /** The element, as a FHIRPath-like location. */
  where: string;
  message: string;
};

const text = z.string().trim().min(1).max(200);
const dateTime = z.iso.datetime({ offset: true });
const coding = z.object({ system: z.string().max(200).optional(), code: z.string().max(64).optional() });
const codeable = z.object({ coding: z.array(coding).max(20).optional() });
const identifier = z.object({
  system: z.string().max(200).optional(),
  value: z.string().max(200).optional(),
});
const unitCode = z.enum(["ng/dL", "nmol/L"]);
const quantity = z.object({
  value: z.number().finite(),
  unit: z.string().max(40).optional(),
  system: z.literal(UCUM).optional(),
  code: unitCode,
});
const rangeBound = quantity.partial({ code: true }).extend({ value: z.number().finite().nonnegative() });

const observation = z.object({
  resourceType: z.literal("Observation"),
  id: text.optional(),
  status: z.string().max(40),
  code: codeable,
  valueQuantity: quantity.extend({ value: z.number().finite().nonnegative().max(100_000) }),
  effectiveDateTime: dateTime,
  referenceRange: z
    .array(z.object({ low: rangeBound.optional(), high: rangeBound.optional() }))
    .max(10)
    .optional(),
  interpretation: z.array(codeable).max(10).optional(),
});

const reference = z.object({ reference: z.string().max(300).optional(), identifier: identifier.optional() });

const diagnosticReport = z.object({
  resourceType: z.literal("DiagnosticReport"),
  id: text.optional(),
  meta: z.object({ versionId: z.string().regex(/^[1-9]\d{0,8}$/, "a whole number from 1") }),
  identifier: z.array(identifier).min(1).max(10),
  status: z.string().max(40),
  specimen: z.array(reference).min(1).max(10),
  result: z.array(reference).min(1).max(20),
});

const bundle = z.object({
  resourceType: z.literal("Bundle"),
  type: z.enum(["collection", "transaction", "batch", "message"]),
  entry: z
    .array(
      z.object({
        fullUrl: z.string().max(300).optional(),
        resource: z.looseObject({ resourceType: z.string() }),
      }),
    )
    .min(1)
    .max(50),
});

const specimen = z.object({
  resourceType: z.literal("Specimen"),
  identifier: z.array(identifier).min(1).max(10),
  status: z.enum(["available", "unsatisfactory"]),
  receivedTime: dateTime.optional(),
});

class Refused extends Error {
  constructor(readonly problem: LabMessageProblem) {
    super(problem.message);
  }
}

const refuse = (code: LabMessageProblem["code"], where: string, message: string): never => {
  throw new Refused({ code, where, message });
};

function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const read = schema.safeParse(value);
  if (read.success) return read.data;
  const [issue] = read.error.issues;
  const path = [where, ...(issue?.path ?? []).map(String)].join(".");
  return refuse(
    issue?.code === "invalid_type" && /received undefined/.test(issue.message) ? "required" : "structure",
    path,
    issue?.message ?? "invalid",
  );
}

/** The kit ID among identifiers (of KIT_ID_SYSTEM), canonical, or a problem. */
function kitIdOf(identifiers: z.infer<typeof identifier>[], where: string): string {
  const given = identifiers.find((one) => one.system === KIT_ID_SYSTEM)?.value;
  if (!given)
    return refuse("required", where, `an identifier of the system ${KIT_ID_SYSTEM} (the kit ID) is required`);
  const read = readKitId(given);
  if (!read.ok)
    return refuse("value", where, "the kit ID is not a valid kit ID (its check character does not match)");
  return read.kitId;
}

const FLAG_OF: Record<string, KitResultFlag> = { L: "low", N: "normal", H: "high", LL: "low", HH: "high" };
const STATUSES: readonly KitResultStatus[] = ["final", "amended", "corrected"];

function readResult(input: unknown): LabResultMessage {
  const message = parse(bundle, input, "Bundle");
  const reports = message.entry.filter((entry) => entry.resource.resourceType === "DiagnosticReport");
  if (reports.length !== 1) refuse("structure", "Bundle.entry", "exactly one DiagnosticReport is expected");
  const report = parse(diagnosticReport, reports[0]?.resource, "DiagnosticReport");
  const kitId = kitIdOf(
    report.specimen.flatMap((one) => (one.identifier ? [one.identifier] : [])),
    "DiagnosticReport.specimen.identifier",
  );
  const reportId = report.identifier.find((one) => one.value)?.value;
  if (!reportId) refuse("required", "DiagnosticReport.identifier", "the lab's report identifier is required");
  const referenced = new Set(report.result.map((one) => one.reference).filter(Boolean));
  const observations = message.entry
    .filter((entry) => entry.resource.resourceType === "Observation")
    .filter(
      (entry) =>
        (entry.fullUrl && referenced.has(entry.fullUrl)) ||
        referenced.has(`Observation/${String(entry.resource.id ?? "")}`),
    )
    .map((entry, index) => parse(observation, entry.resource, `Observation[${index}]`));
  const total = observations.filter((one) =>
    one.code.coding?.some(
      (code) => code.system === LOINC && TOTAL_TESTOSTERONE_CODES.some((known) => known === code.code),
    ),
  );
  if (total.length !== 1)
    refuse(
      "not-supported",
      "DiagnosticReport.result",
      "exactly one referenced Observation of total testosterone (LOINC 2986-8 or 14913-8) is expected",
    );
  const found = total[0] as z.infer<typeof observation>;
  const status = STATUSES.find((known) => known === found.status);
  if (!status || !STATUSES.some((known) => known === report.status))
    refuse("not-supported", "Observation.status", "only final, amended or corrected results are accepted");
  const unit = found.valueQuantity.code;
  const range = found.referenceRange?.[0];
  for (const bound of [range?.low, range?.high])
    if (bound?.code && bound.code !== unit)
      refuse("value", "Observation.referenceRange", "the reference range must be in the unit of the value");
  const code = found.interpretation
    ?.flatMap((one) => one.coding ?? [])
    .find((one) => one.system === INTERPRETATION_SYSTEM)?.code;
  const flag = code === undefined ? null : (FLAG_OF[code] ?? null);
  if (code !== undefined && !flag)
    refuse("not-supported", "Observation.interpretation", "the interpretation must be L, N or H");
  return {
    kind: "result",
    kitId,
    reportId: reportId as string,
    version: Number(report.meta.versionId),
    status: status as KitResultStatus,
    collectedAt: new Date(found.effectiveDateTime),
    value: found.valueQuantity.value,
    unit,
    referenceRange:
      range?.low || range?.high
        ? {
            ...(range.low ? { low: range.low.value } : {}),
            ...(range.high ? { high: range.high.value } : {}),
            unit,
          }
        : null,
    flag,
  };
}

function readSpecimen(input: unknown): LabSpecimenMessage {
  const message = parse(specimen, input, "Specimen");
  return {
    kind: "specimen",
    kitId: kitIdOf(message.identifier, "Specimen.identifier"),
    event: message.status === "available" ? "received" : "rejected",
    at: message.receivedTime ? new Date(message.receivedTime) : null,
  };
}

/** Reads a lab's message (the parsed JSON body), or says what is wrong with it. */
export function readLabMessage(
  input: unknown,
): { ok: true; message: LabMessage } | { ok: false; problem: LabMessageProblem } {
  try {
    const type = z.object({ resourceType: z.string().max(64) }).safeParse(input);
    if (!type.success)
      return refuse(
        "structure",
        "resourceType",
        "a FHIR resource (a JSON object with resourceType) is expected",
      );
    if (type.data.resourceType === "Bundle") return { ok: true, message: readResult(input) };
    if (type.data.resourceType === "Specimen") return { ok: true, message: readSpecimen(input) };
    return refuse(
      "not-supported",
      "resourceType",
      "a Bundle (a result) or a Specimen (a sample received or rejected) is expected",
    );
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    throw error;
  }
}
