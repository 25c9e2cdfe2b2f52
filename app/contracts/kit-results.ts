import type { TestosteroneUnit } from "~/shared/testosterone-units";

export { RESULT_DELETION_WARNING_DAYS, RESULT_KEPT_MONTHS } from "~/shared/result-dates";

/**
 * A kit's lab result as the shopper's pages receive it (issue 35 items 4 and 6). Made only by
 * app/server/kits/results.server.ts, the one place results are opened; browser-safe (no server imports).
 */

export type { TestosteroneUnit };

/** The status of the lab's report (FHIR R4 Observation.status, the ones a result is shown for). */
export type KitResultStatus = "final" | "amended" | "corrected";

/** The lab's interpretation of the value against its range (FHIR's L, N, H). */
export type KitResultFlag = "low" | "normal" | "high";

/** The lab's reference range, in the unit it gave (either bound may be missing). */
export type ReferenceRange = { low?: number; high?: number; unit: TestosteroneUnit };

/** One version of the lab's report: the value it gave then. */
export type KitResultVersion = {
  /** The lab's version number (1, 2, …). */
  version: number;
  status: KitResultStatus;
  collectedAt: Date;
  /** When this version reached the store. */
  receivedAt: Date;
  value: number;
  unit: TestosteroneUnit;
  /** The value in ng/dL (the same number when the lab reported ng/dL). */
  valueNgDl: number;
  referenceRange: ReferenceRange | null;
  flag: KitResultFlag | null;
};

/** A kit's result: its current version, and the versions it replaced (newest first). */
export type KitResult = {
  kitId: string;
  /** When the sample was collected (the current version's). */
  collectedAt: Date;
  /** When the result first arrived; it is kept 12 months from then. */
  receivedAt: Date;
  /** When it will be deleted (12 months after it arrived). */
  deleteAfter: Date;
  value: number;
  unit: TestosteroneUnit;
  valueNgDl: number;
  referenceRange: ReferenceRange | null;
  flag: KitResultFlag | null;
  status: KitResultStatus;
  /** True when the lab amended or corrected its first report. */
  corrected: boolean;
  /** The lab's version number of the current report. */
  version: number;
  /** When the current version reached the store (a correction's arrival; `receivedAt` when none). */
  versionReceivedAt: Date;
  /** Earlier versions, newest first (empty when the first report stands). */
  history: KitResultVersion[];
};
