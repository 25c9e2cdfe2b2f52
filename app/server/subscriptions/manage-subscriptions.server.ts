import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { subscriptionPage } from "~/content/account-subscription";
import type { ChangeView, SubscriptionStatusView, SubscriptionView } from "~/contracts/account-subscription";
import type { Db } from "~/server/db/client.server";
import { subscriptionChanges, subscriptions } from "~/server/db/schema";
import {
  ConflictError,
  DomainError,
  NotFoundError,
  ProviderError,
  RequestRejectedError,
} from "~/server/errors.server";
import type { Outbox } from "~/server/mail/outbox.server";
import type { Logger } from "~/server/runtime/logger.server";
import type {
  InvoiceDetails,
  SubscriptionBilling,
  SubscriptionDetails,
} from "~/server/stripe/subscription-types";
import {
  addDays,
  type CycleCalendar,
  type CyclePeriod,
  PAUSE_WEEKS,
  type PlainDate,
  STORE_TIME_ZONE,
  zonedDate,
} from "~/shared/subscription-cycle";
import {
  type ChangeRow,
  calendarInputsOf,
  calendarOf,
  effectiveFrom,
  type SubscriptionRow,
  upcomingCharge,
} from "./manage-calendar.server";
import { SUBSCRIPTION_CANCELED, SUBSCRIPTION_PAGE } from "./subscription-emails.server";
import { notHeld } from "./subscription-hold.server";
import type { ChangeCarrier } from "./unconfirmed-changes.server";

/**
 * A subscriber's own subscription at /account/subscription (issue 36 item 5, decision 132): what the
 * page shows (the next charge and its amount, the calendar drawn from Stripe's start and the recorded
 * changes, the status) and the changes it makes: skip the next delivery, pause 2-8 weeks, a new cycle,
 * a new number of bottles (at the price signed up at), cancel, and Stripe's customer portal for the
 * card and billing address. Only the subscriptions whose e-mail is the signed-in shopper's are theirs;
 * any other is not found. Each change is written down as pending, carried to Stripe, then recorded as
 * made with its one e-mail in one transaction (unconfirmed-changes.server.ts, decision 157); one change
 * at a time per subscription (a short lease), each made against the version of the page the subscriber
 * saw.
 */

export const BOTTLES = { min: 1, max: 6 } as const;

const uuid = z.uuid();
const version = z.coerce.number().int().min(0).max(1_000_000);
const weeksOn = z.coerce.number().pipe(z.union([z.literal(8), z.literal(10), z.literal(12)]));
const weeksOff = z.coerce.number().pipe(z.union([z.literal(2), z.literal(3), z.literal(4)]));

/** The page's forms (one per intent), as the action reads them: every field checked here. */
export const manageForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("skip"),
    subscription: uuid,
    version,
    bottle: z.coerce.number().int().min(0).max(10_000),
  }),
  z.object({
    intent: z.literal("pause"),
    subscription: uuid,
    version,
    weeks: z.coerce.number().int().min(PAUSE_WEEKS.min).max(PAUSE_WEEKS.max),
  }),
  z.object({ intent: z.literal("cycle"), subscription: uuid, version, weeksOn, weeksOff }),
  z.object({
    intent: z.literal("quantity"),
    subscription: uuid,
    version,
    quantity: z.coerce.number().int().min(BOTTLES.min).max(BOTTLES.max),
  }),
  z.object({ intent: z.literal("portal"), subscription: uuid }),
  z.object({ intent: z.literal("cancel"), subscription: uuid }),
]);
export type ManageForm = z.infer<typeof manageForm>;
export type ManageChange = Extract<ManageForm, { intent: "skip" | "pause" | "cycle" | "quantity" }>;
type ChangeValues = Omit<
  Partial<typeof subscriptionChanges.$inferInsert>,
  "id" | "subscriptionId" | "sequence" | "kind"
>;

export const manageMessages = {
  notFound: subscriptionPage.notFound,
  canceled: "This subscription is cancelled: nothing more can change on it.",
  outOfDate:
    "Your subscription changed since this page was loaded (in another tab, perhaps). Here it is as it is now: check it, then choose again.",
  busy: "Another change to this subscription is being saved. Wait a moment, then try again.",
  nextMoved:
    "The next delivery is not the one this page showed any more. Here is your calendar as it is now.",
  nothingToSkip: "There is no delivery to skip in the months ahead.",
  sameCycle: "That is your cycle already.",
  sameQuantity: "That is how many bottles you receive already.",
  noCustomer: "Stripe does not know this subscription's card yet. Try again in a minute.",
  kept: "Stripe did not answer in time. Your change is kept: we will make it as soon as Stripe answers, and e-mail you when it is made.",
} as const;

export interface ManageSubscriptions {
  /** The shopper's subscriptions (those whose e-mail is theirs), newest first. */
  viewFor(owner: { email: string }): Promise<SubscriptionView[]>;
  /** A skip, pause, new cycle or new quantity: on Stripe, recorded, e-mailed. Answers the change's id. */
  change(owner: { email: string }, input: ManageChange): Promise<{ changeId: string }>;
  /** Cancels at once (future charges); one cancellation e-mail. */
  cancel(owner: { email: string }, subscriptionId: string): Promise<{ changeId: string | null }>;
  /** A fresh Stripe customer portal session for the card and billing address: its URL. */
  portal(owner: { email: string }, subscriptionId: string): Promise<string>;
}

export type ManageDeps = {
  db: Db;
  billing: SubscriptionBilling;
  outbox: Outbox;
  logger: Logger;
  siteUrl: string;
  /** Carries each change to Stripe and records it (decision 157). */
  carrier: ChangeCarrier;
};

/** How long a change may hold its subscription (a crashed one frees it after this). */
const LEASE_SECONDS = 60;
/** The calendar the page draws: from four weeks before today to 26 weeks after. */
const WINDOW = { before: 28, after: 182 } as const;

/** Adjacent periods of one kind (a pause within a pause, a period split at the window) as one. */
function merged(periods: readonly CyclePeriod[]): CyclePeriod[] {
  const out: CyclePeriod[] = [];
  for (const period of periods) {
    const last = out.at(-1);
    if (last && last.kind === period.kind && last.end === period.start) last.end = period.end;
    else out.push({ ...period });
  }
  return out;
}

function windowOf(calendar: CycleCalendar, from: PlainDate, through: PlainDate) {
  return {
    from,
    through,
    periods: merged(calendar.periods)
      .filter((period) => period.end > from && period.start < through)
      .map((period) => ({
        ...period,
        start: period.start < from ? from : period.start,
        end: period.end > through ? through : period.end,
      })),
    charges: calendar.charges.filter((charge) => charge.date >= from && charge.date < through),
  };
}

function changeViews(changes: readonly ChangeRow[], calendar: CycleCalendar | null): ChangeView[] {
  return changes.map((change): ChangeView => {
    switch (change.kind) {
      case "skip":
        return {
          id: change.id,
          kind: "skip",
          on: calendar?.charges.find((charge) => charge.bottle === change.bottle)?.date ?? null,
        };
      case "pause":
        return {
          id: change.id,
          kind: "pause",
          from: change.fromDate ?? "",
          until: addDays(change.fromDate ?? "1970-01-01", (change.weeks ?? 0) * 7),
          weeks: change.weeks ?? 0,
        };
      case "cycle":
        return {
          id: change.id,
          kind: "cycle",
          from: change.fromDate ?? "",
          weeksOn: change.weeksOn ?? 0,
          weeksOff: change.weeksOff ?? 0,
        };
      case "quantity":
        return {
          id: change.id,
          kind: "quantity",
          quantity: change.quantity ?? 0,
          previous: change.previousQuantity,
        };
      default:
        return { id: change.id, kind: "cancel" };
    }
  });
}

export function createManageSubscriptions(deps: ManageDeps): ManageSubscriptions {
  const { db, billing, outbox, logger, carrier } = deps;
  const pageUrl = `${deps.siteUrl}${SUBSCRIPTION_PAGE}`;

  /** The shopper's subscription by id, or not found (whoever else's it is). */
  async function ownRow(email: string, id: string): Promise<SubscriptionRow> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, id),
          sql`lower(${subscriptions.email}) = lower(${email})`,
          isNotNull(subscriptions.stripeSubscriptionId),
        ),
      );
    if (!row) throw new NotFoundError(manageMessages.notFound);
    return row;
  }

  /**
   * Takes the subscription for one change, if no other holds it (and, given, at the page's version):
   * answers the row as it is now.
   */
  async function claim(row: SubscriptionRow, atVersion?: number): Promise<SubscriptionRow> {
    const [claimed] = await db
      .update(subscriptions)
      .set({ changingUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(
        and(
          eq(subscriptions.id, row.id),
          atVersion === undefined ? undefined : eq(subscriptions.changeCount, atVersion),
          notHeld(),
        ),
      )
      .returning();
    if (claimed) return claimed;
    const [current] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    if (atVersion !== undefined && current && current.changeCount !== atVersion)
      throw new ConflictError("mismatch", manageMessages.outOfDate);
    throw new ConflictError("mismatch", manageMessages.busy);
  }

  async function release(row: SubscriptionRow) {
    await db.update(subscriptions).set({ changingUntil: null }).where(eq(subscriptions.id, row.id));
  }

  /** Stripe's subscription, or a provider failure the page can show. */
  async function stripeOf(row: SubscriptionRow): Promise<SubscriptionDetails> {
    const details = await billing.retrieveSubscription(row.stripeSubscriptionId as string);
    if (!details) throw new ConflictError("mismatch", manageMessages.noCustomer);
    return details;
  }

  function statusOf(
    details: SubscriptionDetails,
    invoice: InvoiceDetails | null,
    calendar: CycleCalendar,
    today: PlainDate,
  ): SubscriptionStatusView {
    if (details.status === "canceled")
      return {
        kind: "canceled",
        on: details.canceledAt ? zonedDate(details.canceledAt, STORE_TIME_ZONE) : null,
      };
    // Past due, or paused at a resume whose invoice is unpaid (Stripe retries it): the card failed.
    if (details.status !== "active" && invoice && invoice.status === "open" && invoice.attemptCount > 0)
      return {
        kind: "payment_failed",
        nextAttemptOn: invoice.nextPaymentAttempt
          ? zonedDate(invoice.nextPaymentAttempt, STORE_TIME_ZONE)
          : null,
      };
    const period = merged(calendar.periods).find((entry) => entry.start <= today && today < entry.end);
    if (period?.kind === "off") return { kind: "off", until: period.end };
    if (period?.kind === "paused") return { kind: "paused", until: period.end };
    return { kind: "active" };
  }

  async function viewOf(row: SubscriptionRow): Promise<SubscriptionView> {
    const [inputs, pending] = await Promise.all([calendarInputsOf(db, row), carrier.pendingOf(row.id)]);
    const base = {
      id: row.id,
      productTitle: row.productTitle,
      version: row.changeCount,
      quantity: row.quantity,
      unitAmount: row.unitAmount,
      currency: row.currency,
      cycle: { weeksOn: row.weeksOn, weeksOff: row.weeksOff },
      today: null,
      nextCharge: null,
      lastChargeOn: null,
      lastPaid: null,
      calendar: null,
      changePending: pending.length > 0,
    };
    if (row.status === "canceled")
      return {
        ...base,
        status: {
          kind: "canceled",
          on: row.canceledAt ? zonedDate(Math.floor(row.canceledAt.getTime() / 1000), STORE_TIME_ZONE) : null,
        },
        changes: changeViews(inputs.changes, null),
      };
    try {
      const details = await stripeOf(row);
      const today = zonedDate(await billing.timeOf(details.testClockId), STORE_TIME_ZONE);
      const lastChargeOn = zonedDate(details.currentPeriodStart, STORE_TIME_ZONE);
      const calendar = calendarOf(details, inputs, addDays(today, WINDOW.after + 120));
      const next = upcomingCharge(calendar, today, lastChargeOn);
      const then = next
        ? (calendar.charges.find((charge) => !charge.skipped && charge.date > next.date)?.date ?? null)
        : null;
      const amount = details.unitAmount * details.quantity;
      const invoice = details.latestInvoiceId ? await billing.retrieveInvoice(details.latestInvoiceId) : null;
      return {
        ...base,
        quantity: details.quantity,
        status: statusOf(details, invoice, calendar, today),
        today,
        nextCharge:
          next && details.status !== "canceled"
            ? { date: next.date, bottle: next.bottle, amount, then }
            : null,
        lastChargeOn,
        lastPaid:
          invoice?.status === "paid" && invoice.amountPaid > 0
            ? { on: zonedDate(invoice.created, STORE_TIME_ZONE), amount: invoice.amountPaid }
            : null,
        calendar: windowOf(
          calendar,
          // Four weeks back, but not before the first charge.
          [
            addDays(today, -WINDOW.before),
            zonedDate(details.startedAt, STORE_TIME_ZONE),
          ].sort()[1] as PlainDate,
          addDays(today, WINDOW.after),
        ),
        changes: changeViews(inputs.changes, calendar),
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      logger.warn({ err: error, subscriptionId: row.id }, "subscription page: Stripe did not answer");
      return { ...base, status: { kind: "unavailable" }, changes: changeViews(inputs.changes, null) };
    }
  }

  /** What a change records (its fields besides the subscription and sequence), checked against now. */
  function planChange(
    row: SubscriptionRow,
    input: ManageChange,
    state: { calendar: CycleCalendar; today: PlainDate; lastChargeOn: PlainDate },
  ): ChangeValues {
    const from = effectiveFrom(state.today, state.lastChargeOn);
    switch (input.intent) {
      case "skip": {
        const next = upcomingCharge(state.calendar, state.today, state.lastChargeOn);
        if (!next) throw new ConflictError("mismatch", manageMessages.nothingToSkip);
        if (next.bottle !== input.bottle) throw new ConflictError("mismatch", manageMessages.nextMoved);
        return { bottle: next.bottle };
      }
      case "pause":
        return { fromDate: from, weeks: input.weeks };
      case "cycle":
        if (input.weeksOn === row.weeksOn && input.weeksOff === row.weeksOff)
          throw new RequestRejectedError(manageMessages.sameCycle);
        return {
          fromDate: from,
          weeksOn: input.weeksOn,
          weeksOff: input.weeksOff,
          previousWeeksOn: row.weeksOn,
          previousWeeksOff: row.weeksOff,
        };
      case "quantity":
        if (input.quantity === row.quantity) throw new RequestRejectedError(manageMessages.sameQuantity);
        return { quantity: input.quantity, previousQuantity: row.quantity };
    }
  }

  /**
   * Stripe did not answer while a change of this subscription is pending: it is kept, and the
   * subscriber is told so (the sweep carries it). Any other failure is thrown as it came.
   */
  async function keptOrAsThrown(row: SubscriptionRow, error: unknown): Promise<unknown> {
    if (!(error instanceof DomainError) || error.category !== "provider_unavailable") return error;
    const pending = await carrier.pendingOf(row.id).catch(() => []);
    if (pending.length === 0) return error;
    return new ProviderError(
      "provider_unavailable",
      "stripe",
      `a subscription change kept pending: ${error.message}`,
      {
        publicMessage: manageMessages.kept,
        cause: error,
      },
    );
  }

  return {
    async viewFor(owner) {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            sql`lower(${subscriptions.email}) = lower(${owner.email})`,
            isNotNull(subscriptions.stripeSubscriptionId),
          ),
        )
        .orderBy(desc(subscriptions.createdAt));
      return Promise.all(rows.map(viewOf));
    },

    async change(owner, input) {
      const found = await ownRow(owner.email, input.subscription);
      if (found.status === "canceled") throw new ConflictError("mismatch", manageMessages.canceled);
      const claimed = await claim(found, input.version);
      try {
        // A change left pending (Stripe did not answer, a process died) is settled first: made, it is
        // a change this page did not show.
        const row = await carrier.settle(claimed);
        if (row.changeCount !== claimed.changeCount)
          throw new ConflictError("mismatch", manageMessages.outOfDate);
        if (row.status === "canceled") throw new ConflictError("mismatch", manageMessages.canceled);
        const details = await stripeOf(row);
        if (details.status === "canceled") throw new ConflictError("mismatch", manageMessages.canceled);
        const today = zonedDate(await billing.timeOf(details.testClockId), STORE_TIME_ZONE);
        const lastChargeOn = zonedDate(details.currentPeriodStart, STORE_TIME_ZONE);
        const inputs = await calendarInputsOf(db, row);
        const before = calendarOf(details, inputs, addDays(today, 400));
        const values = planChange(row, input, { calendar: before, today, lastChargeOn });
        // Written down before Stripe is asked (decision 157), then carried: Stripe first, and the
        // subscriber is told of a change only once Stripe will charge by it.
        const [change] = await db
          .insert(subscriptionChanges)
          .values({
            id: randomUUID(),
            subscriptionId: row.id,
            sequence: row.changeCount + 1,
            kind: input.intent,
            ...values,
            pending: true,
          })
          .returning();
        if (!change) throw new Error("a subscription change was not written");
        await carrier.carry(row, change, { details, inRequest: true });
        return { changeId: change.id };
      } catch (error) {
        throw await keptOrAsThrown(claimed, error);
      } finally {
        await release(claimed).catch(() => undefined);
      }
    },

    async cancel(owner, id) {
      const found = await ownRow(owner.email, id);
      if (found.status === "canceled") return { changeId: null };
      const row = await claim(found);
      try {
        if (row.status === "canceled") {
          await release(row);
          return { changeId: null };
        }
        // Stripe may have ended it already (the retries ran out, or Stripe's dashboard): not again.
        const current = await stripeOf(row);
        const canceled =
          current.status === "canceled"
            ? current
            : await billing.cancelSubscription(row.stripeSubscriptionId as string);
        const canceledAt = canceled.canceledAt ? new Date(canceled.canceledAt * 1000) : new Date();
        const changeId = randomUUID();
        await db.transaction(async (tx) => {
          // A change still pending (decision 157) will not be made on an ended subscription.
          await tx
            .delete(subscriptionChanges)
            .where(
              and(eq(subscriptionChanges.subscriptionId, row.id), eq(subscriptionChanges.pending, true)),
            );
          await tx
            .insert(subscriptionChanges)
            .values({ id: changeId, subscriptionId: row.id, sequence: row.changeCount + 1, kind: "cancel" });
          await tx
            .update(subscriptions)
            .set({
              status: "canceled",
              canceledAt,
              changeCount: row.changeCount + 1,
              changingUntil: null,
              updatedAt: sql`now()`,
            })
            .where(eq(subscriptions.id, row.id));
          // The same e-mail, under the same key, as customer.subscription.deleted queues: exactly one.
          if (row.email)
            await outbox.enqueue(tx, {
              kind: SUBSCRIPTION_CANCELED,
              dedupeKey: row.stripeSubscriptionId as string,
              to: row.email,
              payload: { productTitle: row.productTitle, reason: "requested" },
            });
        });
        outbox.nudge();
        logger.info({ subscriptionId: row.id }, "subscription cancelled by its subscriber");
        return { changeId };
      } catch (error) {
        await release(row).catch(() => undefined);
        throw error;
      }
    },

    async portal(owner, id) {
      const row = await ownRow(owner.email, id);
      if (!row.stripeCustomerId) throw new ConflictError("mismatch", manageMessages.noCustomer);
      return billing.createPortalSession(row.stripeCustomerId, pageUrl);
    },
  };
}
