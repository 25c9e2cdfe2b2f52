import { createHmac, randomUUID } from "node:crypto";

/**
 * What the lab emulator sends, written as a lab's system writes FHIR R4 (its own code: the sandbox
 * shares no logic with app/, decision 064). The store's side of the agreement is decision 113: the kit
 * ID as an identifier of the system `urn:forge:kit-id`, the report's version in `meta.versionId`, and
 * each delivery signed with the lab's secret.
 */

export const KIT_ID_SYSTEM = "urn:forge:kit-id";

export type ResultInput = {
  kitId: string;
  /** The lab's report (accession) number. */
  reportId: string;
  version: number;
  status: "final" | "amended" | "corrected" | "preliminary";
  value: number;
  unit: "ng/dL" | "nmol/L";
  collectedAt: Date;
  range?: { low: number; high: number };
  /** L, N or H. */
  interpretation?: string;
};

const RANGES = { "ng/dL": { low: 264, high: 916 }, "nmol/L": { low: 9.2, high: 31.8 } } as const;

/** The lab's reading of a value against its range. */
export function interpretationOf(value: number, range: { low: number; high: number }): "L" | "N" | "H" {
  if (value < range.low) return "L";
  if (value > range.high) return "H";
  return "N";
}

const quantity = (value: number, unit: string) => ({
  value,
  unit,
  system: "http://unitsofmeasure.org",
  code: unit,
});

/** A result: a Bundle of the DiagnosticReport and its total testosterone Observation. */
export function resultBundle(input: ResultInput): Record<string, unknown> {
  const range = input.range ?? RANGES[input.unit];
  const observationUrl = `urn:uuid:${randomUUID()}`;
  const loinc = input.unit === "ng/dL" ? "2986-8" : "14913-8";
  const issued = new Date().toISOString();
  return {
    resourceType: "Bundle",
    type: "collection",
    timestamp: issued,
    entry: [
      {
        fullUrl: `urn:uuid:${randomUUID()}`,
        resource: {
          resourceType: "DiagnosticReport",
          meta: { versionId: String(input.version), lastUpdated: issued },
          identifier: [{ system: "urn:sandbox-lab:accession", value: input.reportId }],
          status: input.status,
          category: [
            {
              coding: [
                { system: "http://terminology.hl7.org/CodeSystem/v2-0074", code: "CH", display: "Chemistry" },
              ],
            },
          ],
          code: {
            coding: [
              {
                system: "http://loinc.org",
                code: loinc,
                display: "Testosterone [Mass/volume] in Serum or Plasma",
              },
            ],
          },
          effectiveDateTime: input.collectedAt.toISOString(),
          issued,
          specimen: [{ identifier: { system: KIT_ID_SYSTEM, value: input.kitId } }],
          result: [{ reference: observationUrl }],
        },
      },
      {
        fullUrl: observationUrl,
        resource: {
          resourceType: "Observation",
          status: input.status,
          code: { coding: [{ system: "http://loinc.org", code: loinc }], text: "Total testosterone" },
          effectiveDateTime: input.collectedAt.toISOString(),
          issued,
          valueQuantity: quantity(input.value, input.unit),
          referenceRange: [{ low: quantity(range.low, input.unit), high: quantity(range.high, input.unit) }],
          interpretation: [
            {
              coding: [
                {
                  system: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation",
                  code: input.interpretation ?? interpretationOf(input.value, range),
                },
              ],
            },
          ],
        },
      },
    ],
  };
}

/** A sample received ("available", with when) or rejected ("unsatisfactory": quantity not sufficient). */
export function specimen(
  kitId: string,
  event: "received" | "rejected",
  at = new Date(),
): Record<string, unknown> {
  return {
    resourceType: "Specimen",
    identifier: [{ system: KIT_ID_SYSTEM, value: kitId }],
    status: event === "received" ? "available" : "unsatisfactory",
    type: { coding: [{ system: "http://snomed.info/sct", code: "119297000", display: "Blood specimen" }] },
    receivedTime: at.toISOString(),
    ...(event === "rejected"
      ? {
          condition: [
            {
              coding: [
                {
                  system: "http://terminology.hl7.org/CodeSystem/v2-0490",
                  code: "QS",
                  display: "Quantity not sufficient",
                },
              ],
            },
          ],
        }
      : {}),
  };
}

/** The headers of a signed delivery: the lab's id, the time, and the HMAC-SHA256 of `<time>.<body>`. */
export function signedHeaders(
  labId: string,
  secret: string,
  body: string,
  nowMs = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    "Content-Type": "application/fhir+json",
    "X-Lab-Id": labId,
    "X-Lab-Timestamp": timestamp,
    "X-Lab-Signature": `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`,
  };
}
