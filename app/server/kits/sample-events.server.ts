import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { type KitState, kitRegistrations, kits, orders, shoppers } from "~/server/db/schema";
import type { Outbox } from "~/server/mail/outbox.server";
import type { ShopifySync } from "~/server/orders/shopify-sync.server";
import type { Logger } from "~/server/runtime/logger.server";
import { SAMPLE_REJECTED } from "./kit-emails.server";

/**
 * The lab's word on a kit's sample (issue 35 item 4): received, or rejected (it could not be tested).
 * A kit moves registered → sample_received, and from either to rejected; a rejection sends the person
 * a free replacement kit, as a $0 order in Shopify through the durable Shopify sync, and an e-mail
 * saying so, each exactly once (the order's key is the rejected kit's ID).
 */

export type SampleOutcome =
  | { kind: "recorded" }
  /** Already so: nothing new. */
  | { kind: "duplicate" }
  /** No such kit, or not registered. */
  | { kind: "unknown_kit" }
  /** The kit is past this step (a result is in, or the sample was rejected). */
  | { kind: "conflict"; state: KitState };

export interface SampleEvents {
  received(kitId: string, at: Date | null): Promise<SampleOutcome>;
  rejected(kitId: string): Promise<SampleOutcome>;
}

export type SampleEventsDeps = {
  db: Db;
  outbox: Outbox;
  shopifySync: ShopifySync;
  logger: Logger;
  siteUrl: string;
  /** The variant a replacement kit is (the test kit's). */
  replacementVariantId: string;
  now?: () => Date;
};

/** The replacement order's key in place of a Stripe session: one per rejected kit. */
export const replacementKey = (kitId: string) => `replacement_kit:${kitId}`;
export const REPLACEMENT_TITLE = "At-Home Testosterone Test Kit";

export function createSampleEvents(deps: SampleEventsDeps): SampleEvents {
  const { db, outbox, shopifySync, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /** The kit's state and its registrant's address, the kit's row locked; null when not registered. */
  async function lockKit(tx: Db, kitId: string) {
    const [kit] = await tx
      .select({ state: kits.state, email: shoppers.email })
      .from(kits)
      .innerJoin(kitRegistrations, eq(kitRegistrations.kitId, kits.id))
      .innerJoin(shoppers, eq(shoppers.id, kitRegistrations.shopperId))
      .where(eq(kits.id, kitId))
      .for("update", { of: kits });
    return kit ?? null;
  }

  /** The $0 order of a replacement kit, to the address of the person's latest order (if any). */
  async function orderReplacement(tx: Db, kitId: string, email: string, at: Date) {
    const [latest] = await tx
      .select({
        customerName: orders.customerName,
        shippingAddress: orders.shippingAddress,
        currency: orders.currency,
      })
      .from(orders)
      .where(and(sql`lower(${orders.email}) = ${email}`, isNotNull(orders.shippingAddress)))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    const key = replacementKey(kitId);
    const [order] = await tx
      .insert(orders)
      .values({
        stripeSessionId: key,
        email,
        customerName: latest?.customerName ?? null,
        shippingAddress: latest?.shippingAddress ?? null,
        lines: [
          {
            variantId: deps.replacementVariantId,
            productTitle: REPLACEMENT_TITLE,
            variantTitle: "Free replacement",
            quantity: 1,
            unitAmount: 0,
            currency: latest?.currency ?? "usd",
          },
        ],
        amountTotal: 0,
        amountSubtotal: 0,
        currency: latest?.currency ?? "usd",
        paymentStatus: "no_payment_required",
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: orders.stripeSessionId })
      .returning({ id: orders.id });
    if (!order) return;
    await shopifySync.enqueueOrder(tx, {
      id: order.id,
      stripeSessionId: key,
      shippingTitle: "Free replacement kit",
    });
    if (!latest) logger.warn("replacement kit ordered without an address: support must ask for one");
  }

  return {
    async received(kitId, at) {
      const outcome = await db.transaction(async (tx): Promise<SampleOutcome> => {
        const kit = await lockKit(tx, kitId);
        if (!kit) return { kind: "unknown_kit" };
        if (kit.state === "sample_received") return { kind: "duplicate" };
        if (kit.state !== "registered") return { kind: "conflict", state: kit.state };
        await tx
          .update(kits)
          .set({ state: "sample_received", updatedAt: at ?? now() })
          .where(eq(kits.id, kitId));
        return { kind: "recorded" };
      });
      logger.info({ outcome: outcome.kind }, "lab: sample received");
      return outcome;
    },

    async rejected(kitId) {
      const at = now();
      const outcome = await db.transaction(async (tx): Promise<SampleOutcome> => {
        const kit = await lockKit(tx, kitId);
        if (!kit) return { kind: "unknown_kit" };
        if (kit.state === "rejected") return { kind: "duplicate" };
        if (kit.state === "resulted") return { kind: "conflict", state: kit.state };
        await tx.update(kits).set({ state: "rejected", updatedAt: at }).where(eq(kits.id, kitId));
        await orderReplacement(tx, kitId, kit.email, at);
        await outbox.enqueue(tx, {
          kind: SAMPLE_REJECTED,
          dedupeKey: kitId,
          to: kit.email,
          payload: { resultsUrl: `${deps.siteUrl}/results` },
        });
        return { kind: "recorded" };
      });
      if (outcome.kind === "recorded") {
        outbox.nudge();
        shopifySync.nudge();
      }
      logger.info({ outcome: outcome.kind }, "lab: sample rejected");
      return outcome;
    },
  };
}
