import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { type KitBatchView, MAX_BATCH_SIZE } from "~/contracts/kits";
import type { Db } from "~/server/db/client.server";
import { type KitState, kitBatches, kitRegistrations, kits } from "~/server/db/schema";
import type { HealthDataCipher } from "~/server/health-data/cipher.server";
import type { Logger } from "~/server/runtime/logger.server";
import { formatKitId, KIT_ID_ALPHABET, KIT_ID_EXAMPLE, makeKitId, normalizeKitId } from "~/shared/kit-id";

/**
 * Kits (issue 35 items 1 and 3): batches of printed IDs made in the back office, marked shipped to the
 * warehouse, and each kit's state; and the registration of a kit by a signed-in shopper, one per kit,
 * the tester's date of birth sealed at rest (decision 100). The back office sees states, never a date of
 * birth or a result.
 */

/** A batch as the back office's pages receive it (dates as ISO strings). */
export const batchView = (batch: KitBatchRow): KitBatchView => ({
  ...batch,
  createdAt: batch.createdAt.toISOString(),
  shippedAt: batch.shippedAt?.toISOString() ?? null,
});

export { MAX_BATCH_SIZE };
export const MINIMUM_AGE = 18;

export type KitBatchRow = {
  id: number;
  size: number;
  createdBy: string;
  createdAt: Date;
  shippedAt: Date | null;
  states: Record<KitState, number>;
};

export type KitRow = { id: string; state: KitState; updatedAt: Date };

export type Registration = {
  shopperId: string;
  /** Canonical (12 symbols, as readKitId gives it). */
  kitId: string;
  /** YYYY-MM-DD, already checked to be a real date. */
  dateOfBirth: string;
  consentVersion: string;
};

export type RegistrationOutcome =
  | { kind: "registered"; kitId: string }
  /** Never made, or made but not yet shipped to the warehouse: the same answer for both. */
  | { kind: "unknown" }
  | { kind: "taken" }
  | { kind: "yours" }
  | { kind: "under_age" };

export type RegisteredKit = { kitId: string; state: KitState; registeredAt: Date };

export interface Kits {
  createBatch(size: number, createdBy: string): Promise<number>;
  batches(): Promise<KitBatchRow[]>;
  batch(id: number): Promise<{ batch: KitBatchRow; kits: KitRow[] } | null>;
  /** True when it was not yet shipped and now is. */
  markShipped(id: number, by: string): Promise<boolean>;
  /** The warehouse's printing list: one printed ID a line. */
  csv(id: number): Promise<string | null>;
  register(registration: Registration): Promise<RegistrationOutcome>;
  /** The shopper's registered kits, newest first. */
  registeredBy(shopperId: string): Promise<RegisteredKit[]>;
}

export type KitsDeps = { db: Db; logger: Logger; healthData: HealthDataCipher; now?: () => Date };

/** The context a date of birth is sealed for: it opens only in its own row and field. */
export const dateOfBirthContext = (kitId: string) => `kit_registrations:${kitId}:date_of_birth`;

/** Age in whole years on a day (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const noStates = (): Record<KitState, number> => ({
  unregistered: 0,
  registered: 0,
  sample_received: 0,
  rejected: 0,
  resulted: 0,
});

export function createKits(deps: KitsDeps): Kits {
  const { db, logger, healthData } = deps;
  const now = deps.now ?? (() => new Date());
  const example = normalizeKitId(KIT_ID_EXAMPLE);

  async function statesOf(batchIds: number[]): Promise<Map<number, Record<KitState, number>>> {
    const byBatch = new Map<number, Record<KitState, number>>();
    if (batchIds.length === 0) return byBatch;
    const rows = await db
      .select({ batchId: kits.batchId, state: kits.state, n: count() })
      .from(kits)
      .where(inArray(kits.batchId, batchIds))
      .groupBy(kits.batchId, kits.state);
    for (const row of rows) {
      const states = byBatch.get(row.batchId) ?? noStates();
      states[row.state] = Number(row.n);
      byBatch.set(row.batchId, states);
    }
    return byBatch;
  }

  return {
    async createBatch(size, createdBy) {
      if (!Number.isInteger(size) || size < 1 || size > MAX_BATCH_SIZE)
        throw new RangeError(`a batch holds 1 to ${MAX_BATCH_SIZE} kits`);
      return db.transaction(async (tx) => {
        const [batch] = await tx
          .insert(kitBatches)
          .values({ size, createdBy, createdAt: now() })
          .returning({ id: kitBatches.id });
        if (!batch) throw new Error("kit_batches: insert returned no row");
        let made = 0;
        // 55 random bits an ID: a collision is all but impossible, and skipped if it happens.
        while (made < size) {
          const ids = new Set<string>();
          while (ids.size < size - made) {
            const id = makeKitId(() => randomInt(KIT_ID_ALPHABET.length));
            if (id !== example) ids.add(id);
          }
          const inserted = await tx
            .insert(kits)
            .values([...ids].map((id) => ({ id, batchId: batch.id })))
            .onConflictDoNothing()
            .returning({ id: kits.id });
          made += inserted.length;
        }
        logger.info({ kitBatch: batch.id, size }, "kit batch made");
        return batch.id;
      });
    },

    async batches() {
      const rows = await db.select().from(kitBatches).orderBy(desc(kitBatches.id)).limit(200);
      const states = await statesOf(rows.map((row) => row.id));
      return rows.map((row) => ({
        id: row.id,
        size: row.size,
        createdBy: row.createdBy,
        createdAt: row.createdAt,
        shippedAt: row.shippedAt,
        states: states.get(row.id) ?? noStates(),
      }));
    },

    async batch(id) {
      const [row] = await db.select().from(kitBatches).where(eq(kitBatches.id, id));
      if (!row) return null;
      const list = await db
        .select({ id: kits.id, state: kits.state, updatedAt: kits.updatedAt })
        .from(kits)
        .where(eq(kits.batchId, id))
        .orderBy(asc(kits.id));
      const states = (await statesOf([id])).get(id) ?? noStates();
      return {
        batch: {
          id: row.id,
          size: row.size,
          createdBy: row.createdBy,
          createdAt: row.createdAt,
          shippedAt: row.shippedAt,
          states,
        },
        kits: list,
      };
    },

    async markShipped(id, by) {
      const updated = await db
        .update(kitBatches)
        .set({ shippedAt: now(), shippedBy: by })
        .where(and(eq(kitBatches.id, id), isNull(kitBatches.shippedAt)))
        .returning({ id: kitBatches.id });
      if (updated.length > 0) logger.info({ kitBatch: id }, "kit batch marked shipped to the warehouse");
      return updated.length > 0;
    },

    async csv(id) {
      const [row] = await db.select({ id: kitBatches.id }).from(kitBatches).where(eq(kitBatches.id, id));
      if (!row) return null;
      const list = await db
        .select({ id: kits.id })
        .from(kits)
        .where(eq(kits.batchId, id))
        .orderBy(asc(kits.id));
      return `${["kit_id,batch", ...list.map((kit) => `${formatKitId(kit.id)},${id}`)].join("\r\n")}\r\n`;
    },

    async register(registration) {
      const { shopperId, kitId, dateOfBirth } = registration;
      const at = now();
      if (ageOn(dateOfBirth, at.toISOString().slice(0, 10)) < MINIMUM_AGE) return { kind: "under_age" };
      return db.transaction(async (tx) => {
        // The kit's row locked for the registration: of two at once, the second finds it taken.
        const [kit] = await tx
          .select({ state: kits.state, shippedAt: kitBatches.shippedAt })
          .from(kits)
          .innerJoin(kitBatches, eq(kitBatches.id, kits.batchId))
          .where(eq(kits.id, kitId))
          .for("update", { of: kits });
        if (!kit?.shippedAt) return { kind: "unknown" } as const;
        if (kit.state !== "unregistered") {
          const [mine] = await tx
            .select({ shopperId: kitRegistrations.shopperId })
            .from(kitRegistrations)
            .where(and(eq(kitRegistrations.kitId, kitId), eq(kitRegistrations.shopperId, shopperId)));
          return mine ? ({ kind: "yours" } as const) : ({ kind: "taken" } as const);
        }
        await tx.insert(kitRegistrations).values({
          kitId,
          shopperId,
          dateOfBirthSealed: healthData.seal(dateOfBirth, dateOfBirthContext(kitId)),
          consentVersion: registration.consentVersion,
          consentedAt: at,
          createdAt: at,
        });
        await tx.update(kits).set({ state: "registered", updatedAt: at }).where(eq(kits.id, kitId));
        logger.info("kit registered");
        return { kind: "registered", kitId } as const;
      });
    },

    async registeredBy(shopperId) {
      return db
        .select({ kitId: kits.id, state: kits.state, registeredAt: kitRegistrations.createdAt })
        .from(kitRegistrations)
        .innerJoin(kits, eq(kits.id, kitRegistrations.kitId))
        .where(eq(kitRegistrations.shopperId, shopperId))
        .orderBy(desc(kitRegistrations.createdAt));
    },
  };
}
