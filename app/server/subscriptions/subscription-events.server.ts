import { eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { orders, subscriptions } from "~/server/db/schema";
import type { Outbox } from "~/server/mail/outbox.server";
import { ORDER_CONFIRMATION, orderConfirmationOf } from "~/server/orders/order-email.server";
import type { OrderLinks } from "~/server/orders/order-link.server";
import type { ShopifySync } from "~/server/orders/shopify-sync.server";
import type { Logger } from "~/server/runtime/logger.server";
import type { CatalogConfig } from "~/server/shopify/catalog-config.server";
import {
  CANCELLED_ON_THE_SITE,
  type SubscriptionBilling,
  type SubscriptionDetails,
} from "~/server/stripe/subscription-types";
import { STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import { cyclePauses } from "./cycle-pauses.server";
import { calendarInputsOf } from "./manage-calendar.server";
import { followOutsideChange } from "./outside-changes.server";
import { recordPaymentFailure } from "./payment-failures.server";
import { dropReminders, type SubscriptionReminders } from "./reminders.server";
import { SUBSCRIPTION_WELCOME, subscriptionWelcomeOf } from "./sign-up-email.server";
import {
  SUBSCRIPTION_CANCELED,
  SUBSCRIPTION_PAGE,
  SUBSCRIPTION_PAYMENT_FAILED,
} from "./subscription-emails.server";
import { whileNoChangeUnderWay } from "./subscription-hold.server";

/**
 * Stripe Billing's events for the subscriptions this site started (decisions 119 and 130). Every
 * object is re-read from Stripe (never a webhook's body), and only a subscription recorded in
 * `subscriptions` is acted on; any other is acknowledged and ignored.
 *
 * - `checkout.session.completed` (a subscription session of this site): the Stripe ids and the
 *   subscriber's address recorded, and the cycle's pauses written (followCycle); again on each
 *   `customer.subscription.resumed`, to keep two gaps ahead. Never the one-time fulfilment.
 * - `invoice.paid`: exactly one order, one confirmation e-mail and one Shopify sync per invoice, in one
 *   transaction keyed on the invoice id (unique in `orders`, in the outbox and in the sync queue).
 * - `invoice.payment_failed`: one e-mail per attempt with a link to fix the card (the account page,
 *   which opens Stripe's customer portal: decision 132).
 * - `customer.subscription.deleted`: the subscription marked cancelled, one cancellation e-mail.
 * - `invoice.upcoming`: the reminder three days before a renewal (reminders.server.ts, decision 133);
 *   the other reminders are planned after each event above and sent on Stripe's clock, looked at
 *   again on each `test_helpers.test_clock.ready`.
 * - `customer.subscription.updated` and `subscription_schedule.*`: changes made outside this site,
 *   followed (outside-changes.server.ts, decision 133).
 */

/** What the webhook acknowledges: handled with an outcome, or ignored with why. */
export type SubscriptionEventResult =
  | { handled: true; outcome: string }
  | { handled: false; ignored: string };

export interface SubscriptionEvents {
  /** Whether a Checkout Session is a subscription this site started. */
  isOwnSession(sessionId: string): Promise<boolean>;
  sessionCompleted(sessionId: string): Promise<SubscriptionEventResult>;
  invoicePaid(invoiceId: string): Promise<SubscriptionEventResult>;
  /** `attemptKey`: Stripe's event for the attempt (each attempt is its own event; a replay is the same). */
  invoicePaymentFailed(invoiceId: string, attemptKey: string): Promise<SubscriptionEventResult>;
  resumed(subscriptionId: string): Promise<SubscriptionEventResult>;
  deleted(subscriptionId: string): Promise<SubscriptionEventResult>;
  /** `invoice.upcoming`: a renewal in three days (the event's invoice has no id: the subscription's). */
  upcoming(subscriptionId: string): Promise<SubscriptionEventResult>;
  /** `customer.subscription.updated`, `subscription_schedule.*`: brought in step with Stripe. */
  updated(subscriptionId: string): Promise<SubscriptionEventResult>;
  /** `test_helpers.test_clock.ready`: a test clock moved; the reminders due on it are sent. */
  clockMoved(): Promise<SubscriptionEventResult>;
}

export type SubscriptionEventDeps = {
  db: Db;
  billing: SubscriptionBilling;
  outbox: Outbox;
  shopifySync: ShopifySync;
  logger: Logger;
  orderLinks: Pick<OrderLinks, "orderPageUrl">;
  itemOf?: CatalogConfig["itemOf"];
  /** The site's origin: the failed-payment e-mail links to its subscription page. */
  siteUrl: string;
  /** The reminders (decision 133): planned after each event, `invoice.upcoming` e-mailed. */
  reminders?: SubscriptionReminders;
};

type Row = typeof subscriptions.$inferSelect;
const ignored = (why: string): SubscriptionEventResult => ({ handled: false, ignored: why });
export const NOT_OURS = ignored("not a subscription of this site");

export function createSubscriptionEvents(deps: SubscriptionEventDeps): SubscriptionEvents {
  const { db, billing, outbox, shopifySync, logger } = deps;

  async function rowBySession(sessionId: string): Promise<Row | undefined> {
    return (await db.select().from(subscriptions).where(eq(subscriptions.stripeSessionId, sessionId)))[0];
  }

  /** Links Stripe's ids to the row the subscription's metadata names (first event of either kind wins). */
  async function link(
    row: Row,
    stripe: { subscriptionId: string; customerId: string | null; email?: string | null },
  ) {
    const [updated] = await db
      .update(subscriptions)
      .set({
        stripeSubscriptionId: stripe.subscriptionId,
        stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, ${stripe.customerId})`,
        email: sql`coalesce(${subscriptions.email}, ${stripe.email ?? null})`,
        status: sql`case when ${subscriptions.status} = 'pending' then 'active' else ${subscriptions.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    return updated ?? row;
  }

  /** This site's record of a Stripe subscription, linked on first sight through its metadata. */
  async function ours(subscriptionId: string, known?: SubscriptionDetails | null): Promise<Row | null> {
    const [linked] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    if (linked) return linked;
    const details = known ?? (await billing.retrieveSubscription(subscriptionId));
    if (!details?.reference || !/^[0-9a-f-]{36}$/.test(details.reference)) return null;
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, details.reference));
    if (!row || (row.stripeSubscriptionId && row.stripeSubscriptionId !== subscriptionId)) return null;
    return link(row, { subscriptionId, customerId: details.customerId });
  }

  /**
   * Writes the cycle's next pauses (decision 119), from the period Stripe is in, with the subscriber's
   * skips, pauses and new cycles (decision 132); answers what Stripe holds, and whether it wrote
   * (false: Stripe held those pauses already; decision 133).
   */
  async function follow(subscriptionId: string, row: Row) {
    const details = await billing.retrieveSubscription(subscriptionId);
    if (!details || details.status === "canceled") return { details, wrote: false };
    const { cycle, adjustments } = await calendarInputsOf(db, row);
    const wrote = await billing.followCycle({
      subscriptionId,
      ...cyclePauses({
        startedAt: details.startedAt,
        cycle,
        adjustments,
        // Stripe's now (a test clock's in tests): the current period began at the last charge.
        now: details.currentPeriodStart,
      }),
    });
    return { details, wrote };
  }

  const events: SubscriptionEvents = {
    async isOwnSession(sessionId) {
      return Boolean(await rowBySession(sessionId));
    },

    async sessionCompleted(sessionId) {
      const row = await rowBySession(sessionId);
      if (!row) return NOT_OURS;
      const session = await billing.retrieveSubscriptionSession(sessionId);
      if (!session?.subscriptionId || session.status !== "complete") return ignored("not complete");
      const linked = await link(row, {
        subscriptionId: session.subscriptionId,
        customerId: session.customerId,
        email: session.email,
      });
      // Held as the subscriber's own changes hold it; one already under way writes the pauses itself.
      const followed = await whileNoChangeUnderWay(db, linked.id, () =>
        follow(session.subscriptionId as string, linked),
      );
      const details = followed
        ? followed.details
        : await billing.retrieveSubscription(session.subscriptionId);
      // The sign-up confirmation (decision 131), once per subscription: keyed on it in the outbox.
      const to = session.email ?? linked.email;
      if (to && details && details.status !== "canceled") {
        await outbox.enqueue(db, {
          kind: SUBSCRIPTION_WELCOME,
          dedupeKey: session.subscriptionId,
          to,
          payload: subscriptionWelcomeOf(linked, details.startedAt, deps.siteUrl),
        });
        outbox.nudge();
      }
      await deps.reminders?.plan(linked, details);
      return { handled: true, outcome: "subscription_started" };
    },

    async resumed(subscriptionId) {
      const row = await ours(subscriptionId);
      if (!row) return NOT_OURS;
      // As above: never interleaved with a change of the subscriber's, which draws the same calendar.
      const followed = await whileNoChangeUnderWay(db, row.id, () => follow(subscriptionId, row));
      await deps.reminders?.plan(row);
      return { handled: true, outcome: followed ? "pauses_written" : "a_change_of_the_subscriber_under_way" };
    },

    async invoicePaid(invoiceId) {
      const invoice = await billing.retrieveInvoice(invoiceId);
      if (!invoice?.subscriptionId) return ignored("not a subscription's invoice");
      if (invoice.status !== "paid" || invoice.amountPaid <= 0) return ignored("nothing was paid");
      const row = await ours(invoice.subscriptionId);
      if (!row) return NOT_OURS;
      // The bottles are what Stripe charged for (a quantity changed on the subscription page or in
      // Stripe's dashboard, even between an invoice and its event: decisions 132 and 133); the price of
      // each must be the one the subscriber agreed to, line by line where the invoice has its lines.
      const bottles = invoice.lines.length
        ? invoice.lines.reduce((sum, line) => sum + line.quantity, 0)
        : invoice.amountPaid / row.unitAmount;
      if (
        invoice.lines.some((line) => line.unitAmount !== row.unitAmount) ||
        !Number.isInteger(bottles) ||
        bottles < 1 ||
        invoice.amountPaid !== row.unitAmount * bottles ||
        invoice.currency !== row.currency
      ) {
        logger.error(
          {
            invoiceId,
            recorded: { unitAmount: row.unitAmount, quantity: row.quantity, currency: row.currency },
            invoice: { amountPaid: invoice.amountPaid, currency: invoice.currency, lines: invoice.lines },
          },
          "subscription invoice refused: Stripe's amount is not the one this site sold",
        );
        return ignored("does not match the subscription this site recorded");
      }
      const email = (row.email ?? invoice.customerEmail ?? "").trim();
      const itemOf = deps.itemOf ?? (() => undefined);
      const { created, deliveryId } = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(orders)
          .values({
            // The order's Stripe source: the invoice, for a renewal (decision 130).
            stripeSessionId: invoice.id,
            stripeInvoiceId: invoice.id,
            // What a refund of the renewal's charge finds the order by (refunds.server.ts).
            paymentIntentId: invoice.paymentIntentId,
            subscriptionId: row.id,
            email,
            customerName: invoice.customerName ?? invoice.shippingAddress?.name ?? null,
            shippingAddress: invoice.shippingAddress,
            lines: [
              {
                variantId: row.variantId,
                productTitle: row.productTitle,
                variantTitle: null,
                quantity: bottles,
                unitAmount: row.unitAmount,
                currency: row.currency,
              },
            ],
            amountTotal: invoice.amountPaid,
            currency: invoice.currency,
            paymentStatus: "paid",
            amountSubtotal: invoice.amountPaid,
          })
          .onConflictDoNothing()
          .returning();
        const order =
          inserted[0] ?? (await tx.select().from(orders).where(eq(orders.stripeInvoiceId, invoice.id)))[0];
        if (!order) throw new Error(`order for invoice ${invoice.id} neither inserted nor found`);
        const queued = order.email
          ? await outbox.enqueue(tx, {
              kind: ORDER_CONFIRMATION,
              dedupeKey: invoice.id,
              to: order.email,
              payload: orderConfirmationOf(order, deps.orderLinks, itemOf),
            })
          : null;
        await shopifySync.enqueueOrder(tx, {
          id: order.id,
          stripeSessionId: invoice.id,
          shippingTitle: null,
        });
        return { created: inserted.length > 0, deliveryId: queued?.id ?? null };
      });
      shopifySync.nudge();
      if (deliveryId) outbox.nudge();
      else logger.error({ invoiceId }, "paid subscription invoice has no e-mail address: no confirmation");
      if (created) logger.info({ invoiceId }, "subscription order recorded");
      await deps.reminders?.plan(row);
      return { handled: true, outcome: created ? "order_recorded" : "order_exists" };
    },

    async invoicePaymentFailed(invoiceId, attemptKey) {
      const invoice = await billing.retrieveInvoice(invoiceId);
      if (!invoice?.subscriptionId) return ignored("not a subscription's invoice");
      if (invoice.status === "paid" || invoice.attemptCount < 1) return ignored("not failed");
      const row = await ours(invoice.subscriptionId);
      if (!row) return NOT_OURS;
      // The back office lists each failed attempt (keyed on Stripe's event: a replay counts once).
      await recordPaymentFailure(db, { eventId: attemptKey, subscriptionId: row.id, invoice });
      const to = row.email ?? invoice.customerEmail;
      if (!to) return ignored("no subscriber to tell");
      // The account page, which opens a fresh portal session (a session in an e-mail expires).
      const fixCardUrl = `${deps.siteUrl}${SUBSCRIPTION_PAGE}`;
      await outbox.enqueue(db, {
        kind: SUBSCRIPTION_PAYMENT_FAILED,
        // One e-mail per attempt: each attempt is its own event at Stripe (a replay is the same one).
        dedupeKey: `${invoice.id} ${attemptKey}`,
        to,
        payload: {
          amount: invoice.amountDue,
          currency: invoice.currency,
          fixCardUrl,
          nextAttemptOn: invoice.nextPaymentAttempt
            ? zonedDate(invoice.nextPaymentAttempt, STORE_TIME_ZONE)
            : null,
        },
      });
      outbox.nudge();
      return { handled: true, outcome: "payment_failed_notice" };
    },

    async deleted(subscriptionId) {
      const details = await billing.retrieveSubscription(subscriptionId);
      const row = await ours(subscriptionId, details);
      if (!row) return NOT_OURS;
      if (details && details.status !== "canceled") return ignored("not cancelled");
      const canceledAt = details?.canceledAt ? new Date(details.canceledAt * 1000) : new Date();
      await db.transaction(async (tx) => {
        await tx
          .update(subscriptions)
          .set({ status: "canceled", canceledAt, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, row.id));
        await dropReminders(tx as unknown as Db, row.id);
        if (row.email) {
          await outbox.enqueue(tx, {
            kind: SUBSCRIPTION_CANCELED,
            dedupeKey: subscriptionId,
            to: row.email,
            payload: {
              productTitle: row.productTitle,
              // The subscriber's own (decision 132) says so to Stripe; any other was made outside the
              // site, in Stripe's dashboard (decision 133).
              reason:
                details?.cancellationReason === "payment_failed"
                  ? "payment_failed"
                  : details?.cancellationComment === CANCELLED_ON_THE_SITE || row.status === "canceled"
                    ? "requested"
                    : "outside",
            },
          });
        }
      });
      outbox.nudge();
      return { handled: true, outcome: "subscription_canceled" };
    },

    async upcoming(subscriptionId) {
      const details = await billing.retrieveSubscription(subscriptionId);
      const row = await ours(subscriptionId, details);
      if (!row) return NOT_OURS;
      if (!details) return ignored("unknown to Stripe");
      if (!deps.reminders) return ignored("no reminders here");
      return deps.reminders.upcoming(row, details);
    },

    updated(subscriptionId) {
      return followOutsideChange(
        {
          db,
          billing,
          logger,
          ours,
          follow: async (id, row) => (await follow(id, row)).wrote,
          deleted: (id) => events.deleted(id),
          reminders: deps.reminders,
        },
        subscriptionId,
        NOT_OURS,
      );
    },

    async clockMoved() {
      if (!deps.reminders) return ignored("no reminders here");
      const sent = await deps.reminders.runDue();
      return { handled: true, outcome: `reminders_sent ${sent}` };
    },
  };
  return events;
}
