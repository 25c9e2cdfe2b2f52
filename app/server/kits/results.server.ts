import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type {
  KitResult,
  KitResultFlag,
  KitResultStatus,
  KitResultVersion,
  ReferenceRange,
} from "~/contracts/kit-results";
import type { Db } from "~/server/db/client.server";
import { kitRegistrations, kitResults, kitResultVersions, kits, shoppers } from "~/server/db/schema";
import type { HealthDataCipher } from "~/server/health-data/cipher.server";
import type { Outbox } from "~/server/mail/outbox.server";
import type { Logger } from "~/server/runtime/logger.server";
import { deleteAfterOf } from "~/shared/result-dates";
import { type TestosteroneUnit, toNgDl } from "~/shared/testosterone-units";
import { RESULT_READY } from "./kit-emails.server";

/**
 * Kit results (issue 35 items 4 and 7, decision 112): each version of the lab's report stored once,
 * its value and flag sealed with the health-data cipher (decision 100) and opened only in
 * `resultsFor`; the highest version is the result, the others its history. Nothing here logs a value.
 */

/** One Observation of the lab's report, as the lab endpoint has read and checked it. */
export type LabReport = {
  /** The lab integration that sent it. */
  labId: string;
  /** Canonical (12 symbols). */
  kitId: string;
  /** The lab's identifier of its report. */
  reportId: string;
  /** The lab's version of the report: 1, 2, … */
  version: number;
  status: KitResultStatus;
  collectedAt: Date;
  value: number;
  unit: TestosteroneUnit;
  referenceRange: ReferenceRange | null;
  flag: KitResultFlag | null;
};

export type RecordOutcome =
  /** A new version stored; `current` when it is now the one shown (not an older one arriving late). */
  | { kind: "recorded"; current: boolean; first: boolean }
  /** This version of this kit's report was already received: nothing new. */
  | { kind: "duplicate" }
  /** No such kit, or not registered: the lab is told no more than that. */
  | { kind: "unknown_kit" }
  /** The kit's sample was rejected: a result cannot follow. */
  | { kind: "rejected_kit" }
  /** The person deleted this result (or it was deleted after 12 months): it stays deleted. */
  | { kind: "deleted" };

export interface KitResults {
  recordReport(report: LabReport): Promise<RecordOutcome>;
  /** The shopper's results (their registered kits' only), oldest sample first, opened. */
  resultsFor(shopperId: string): Promise<KitResult[]>;
  /** Deletes the shopper's result of a kit ("delete sooner"); false when there is none of theirs. */
  deleteResult(shopperId: string, kitId: string): Promise<boolean>;
}

export type KitResultsDeps = {
  db: Db;
  healthData: HealthDataCipher;
  outbox: Outbox;
  logger: Logger;
  siteUrl: string;
  now?: () => Date;
};

/** The contexts a version's values are sealed for: they open only in their own row and field. */
export const resultValueContext = (id: string) => `kit_result_versions:${id}:value`;
export const resultFlagContext = (id: string) => `kit_result_versions:${id}:flag`;

const FLAGS: readonly KitResultFlag[] = ["low", "normal", "high"];

type VersionRow = typeof kitResultVersions.$inferSelect;

export function createKitResults(deps: KitResultsDeps): KitResults {
  const { db, healthData, outbox, logger } = deps;
  const now = deps.now ?? (() => new Date());

  function open(row: VersionRow): KitResultVersion {
    const value = Number(healthData.open(row.valueSealed, resultValueContext(row.id)));
    const flagText = row.flagSealed ? healthData.open(row.flagSealed, resultFlagContext(row.id)) : null;
    const flag = FLAGS.find((known) => known === flagText) ?? null;
    const referenceRange: ReferenceRange | null =
      row.rangeLow === null && row.rangeHigh === null
        ? null
        : {
            ...(row.rangeLow === null ? {} : { low: row.rangeLow }),
            ...(row.rangeHigh === null ? {} : { high: row.rangeHigh }),
            unit: row.unit,
          };
    return {
      version: row.version,
      status: row.status,
      collectedAt: row.collectedAt,
      receivedAt: row.receivedAt,
      value,
      unit: row.unit,
      valueNgDl: toNgDl(value, row.unit),
      referenceRange,
      flag,
    };
  }

  return {
    async recordReport(report) {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        // The kit's row locked: two deliveries of one report at once are taken one after the other.
        const [kit] = await tx
          .select({ state: kits.state, email: shoppers.email })
          .from(kits)
          .innerJoin(kitRegistrations, eq(kitRegistrations.kitId, kits.id))
          .innerJoin(shoppers, eq(shoppers.id, kitRegistrations.shopperId))
          .where(eq(kits.id, report.kitId))
          .for("update", { of: kits });
        if (!kit) return { kind: "unknown_kit" } as const;
        if (kit.state === "rejected") return { kind: "rejected_kit" } as const;
        const [result] = await tx.select().from(kitResults).where(eq(kitResults.kitId, report.kitId));
        if (result?.deletedAt) return { kind: "deleted" } as const;
        const id = randomUUID();
        const inserted = result
          ? await tx
              .insert(kitResultVersions)
              .values(versionRow(id, report, at))
              .onConflictDoNothing()
              .returning({ id: kitResultVersions.id })
          : null;
        if (inserted && inserted.length === 0) return { kind: "duplicate" } as const;
        if (!result) {
          await tx.insert(kitResults).values({
            kitId: report.kitId,
            labId: report.labId,
            reportId: report.reportId,
            currentVersion: report.version,
            firstReceivedAt: at,
            createdAt: at,
            updatedAt: at,
          });
          await tx.insert(kitResultVersions).values(versionRow(id, report, at));
        }
        const current = !result || report.version > result.currentVersion;
        if (result && current)
          await tx
            .update(kitResults)
            .set({ currentVersion: report.version, reportId: report.reportId, updatedAt: at })
            .where(eq(kitResults.kitId, report.kitId));
        if (current) {
          await tx.update(kits).set({ state: "resulted", updatedAt: at }).where(eq(kits.id, report.kitId));
          // Once per version at most; it says a result is ready and links to the page, nothing more.
          await outbox.enqueue(tx, {
            kind: RESULT_READY,
            dedupeKey: `${report.kitId}:${report.version}`,
            to: kit.email,
            payload: { resultsUrl: `${deps.siteUrl}/results` },
          });
        }
        return { kind: "recorded", current, first: !result } as const;
      });
      if (outcome.kind === "recorded") {
        if (outcome.current) outbox.nudge();
        logger.info(
          { version: report.version, status: report.status, current: outcome.current },
          "kit result recorded",
        );
      } else logger.info({ outcome: outcome.kind }, "kit result not recorded");
      return outcome;
    },

    async resultsFor(shopperId) {
      const rows = await db
        .select({
          kitId: kitResults.kitId,
          current: kitResults.currentVersion,
          first: kitResults.firstReceivedAt,
        })
        .from(kitResults)
        .innerJoin(kitRegistrations, eq(kitRegistrations.kitId, kitResults.kitId))
        .where(and(eq(kitRegistrations.shopperId, shopperId), isNull(kitResults.deletedAt)));
      if (rows.length === 0) return [];
      const versions = await db
        .select()
        .from(kitResultVersions)
        .where(
          inArray(
            kitResultVersions.kitId,
            rows.map((row) => row.kitId),
          ),
        )
        .orderBy(asc(kitResultVersions.kitId), desc(kitResultVersions.version));
      const list: KitResult[] = [];
      for (const row of rows) {
        const mine = versions.filter((version) => version.kitId === row.kitId).map(open);
        const shown = mine.find((version) => version.version === row.current);
        if (!shown) continue;
        const { version, status, collectedAt, value, unit, valueNgDl, referenceRange, flag } = shown;
        const versionReceivedAt = shown.receivedAt;
        list.push({
          kitId: row.kitId,
          collectedAt,
          receivedAt: row.first,
          deleteAfter: deleteAfterOf(row.first),
          value,
          unit,
          valueNgDl,
          referenceRange,
          flag,
          status,
          corrected: status !== "final" || mine.length > 1,
          version,
          versionReceivedAt,
          history: mine.filter((other) => other.version !== row.current),
        });
      }
      return list.sort((a, b) => a.collectedAt.getTime() - b.collectedAt.getTime());
    },

    async deleteResult(shopperId, kitId) {
      const deleted = await db.transaction(async (tx) => {
        const [mine] = await tx
          .select({ kitId: kitResults.kitId })
          .from(kitResults)
          .innerJoin(kitRegistrations, eq(kitRegistrations.kitId, kitResults.kitId))
          .where(
            and(
              eq(kitResults.kitId, kitId),
              eq(kitRegistrations.shopperId, shopperId),
              isNull(kitResults.deletedAt),
            ),
          )
          .for("update", { of: kitResults });
        if (!mine) return false;
        await eraseResult(tx, kitId, now());
        return true;
      });
      if (deleted) logger.info("kit result deleted by its owner");
      return deleted;
    },
  };

  function versionRow(id: string, report: LabReport, at: Date): typeof kitResultVersions.$inferInsert {
    return {
      id,
      kitId: report.kitId,
      version: report.version,
      status: report.status,
      valueSealed: healthData.seal(String(report.value), resultValueContext(id)),
      unit: report.unit,
      flagSealed: report.flag ? healthData.seal(report.flag, resultFlagContext(id)) : null,
      rangeLow: report.referenceRange?.low ?? null,
      rangeHigh: report.referenceRange?.high ?? null,
      collectedAt: report.collectedAt,
      receivedAt: at,
    };
  }
}

/**
 * Deletes a result's values (every version) and marks it deleted, in the caller's transaction: the
 * row that stays holds dates only, and a late delivery of the same report finds it deleted.
 */
export async function eraseResult(tx: Pick<Db, "delete" | "update">, kitId: string, at: Date) {
  await tx.delete(kitResultVersions).where(eq(kitResultVersions.kitId, kitId));
  await tx.update(kitResults).set({ deletedAt: at, updatedAt: at }).where(eq(kitResults.kitId, kitId));
}
