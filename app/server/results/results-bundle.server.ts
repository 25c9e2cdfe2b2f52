import type { KitResult, KitResultVersion } from "~/contracts/kit-results";
import { INTERPRETATION_SYSTEM, KIT_ID_SYSTEM, LOINC, UCUM } from "~/server/lab/fhir-input.server";
import type { TestosteroneUnit } from "~/shared/testosterone-units";

/**
 * "Download my results" (issue 35 item 6): every result a person holds, and each version a correction
 * replaced, as an HL7 FHIR R4 Bundle of type `collection`: one DiagnosticReport per kit, naming its
 * current Observation, and one Observation per version, in the codes and units the lab sent (LOINC
 * 2986-8 for ng/dL, 14913-8 for nmol/L; UCUM units; the lab's range and its L/N/H interpretation).
 */

const LOINC_OF: Record<TestosteroneUnit, { code: string; display: string }> = {
  "ng/dL": { code: "2986-8", display: "Testosterone [Mass/volume] in Serum or Plasma" },
  "nmol/L": { code: "14913-8", display: "Testosterone [Moles/volume] in Serum or Plasma" },
};
const INTERPRETATION = { low: "L", normal: "N", high: "H" } as const;

const quantity = (value: number, unit: TestosteroneUnit) => ({ value, unit, system: UCUM, code: unit });

function observation(kitId: string, version: KitResultVersion) {
  const range = version.referenceRange;
  return {
    resourceType: "Observation",
    id: `${kitId}-v${version.version}`,
    meta: { versionId: String(version.version) },
    identifier: [{ system: KIT_ID_SYSTEM, value: kitId }],
    status: version.status,
    category: [
      {
        coding: [
          { system: "http://terminology.hl7.org/CodeSystem/observation-category", code: "laboratory" },
        ],
      },
    ],
    code: { coding: [{ system: LOINC, ...LOINC_OF[version.unit] }], text: "Total testosterone" },
    effectiveDateTime: version.collectedAt.toISOString(),
    issued: version.receivedAt.toISOString(),
    valueQuantity: quantity(version.value, version.unit),
    ...(version.flag
      ? {
          interpretation: [
            { coding: [{ system: INTERPRETATION_SYSTEM, code: INTERPRETATION[version.flag] }] },
          ],
        }
      : {}),
    ...(range
      ? {
          referenceRange: [
            {
              ...(range.low === undefined ? {} : { low: quantity(range.low, range.unit) }),
              ...(range.high === undefined ? {} : { high: quantity(range.high, range.unit) }),
            },
          ],
        }
      : {}),
  };
}

export function resultsBundle(results: readonly KitResult[], at: Date) {
  const entries = results.flatMap((result) => {
    const current: KitResultVersion = { ...result, receivedAt: result.versionReceivedAt };
    const versions = [current, ...result.history];
    const report = {
      resourceType: "DiagnosticReport",
      id: result.kitId,
      identifier: [{ system: KIT_ID_SYSTEM, value: result.kitId }],
      status: result.status,
      code: { coding: [{ system: LOINC, ...LOINC_OF[result.unit] }], text: "Total testosterone" },
      effectiveDateTime: result.collectedAt.toISOString(),
      result: [{ reference: `Observation/${result.kitId}-v${result.version}` }],
    };
    return [report, ...versions.map((version) => observation(result.kitId, version))];
  });
  return {
    resourceType: "Bundle",
    type: "collection",
    timestamp: at.toISOString(),
    entry: entries.map((resource) => ({
      fullUrl: `urn:forge:${resource.resourceType}:${resource.id}`,
      resource,
    })),
  };
}
