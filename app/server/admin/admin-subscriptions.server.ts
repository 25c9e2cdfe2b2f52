import { and, asc, desc, eq, inArray, not, notInArray, type SQL, sql } from "drizzle-orm";
import type {
  AdminCalendarCharge,
  AdminCalendarPeriod,
  AdminCustomerSubscription,
  AdminNextCharge,
  AdminOrderSubscription,
  AdminSubscriptionDetail,
  AdminSubscriptionOrder,
  AdminSubscriptionRow,
  AdminSubscriptionState,
  AdminSubscriptionsPage,
} from "~/contracts/admin-subscriptions";
import { ADMIN_SUBSCRIPTION_STATES } from "~/contracts/admin-subscriptions";
import type { Db } from "~/server/db/client.server";
import { orders, subscriptionChanges, subscriptionPaymentFailures, subscriptions } from "~/server/db/schema";
import { adjustmentsOf, type ChangeRow, firstCycleOf } from "~/server/subscriptions/manage-calendar.server";
import { formatMoney } from "~/shared/money";
import {
  addDays,
  type CycleAdjustment,
  type CycleCalendar,
  type CycleCharge,
  cycleCalendar,
  isCycleChoice,
  type PlainDate,
  STORE_TIME_ZONE,
  zonedDate,
} from "~/shared/subscription-cycle";
import { paymentOf } from "./admin-orders.server";

/**
 * The back office's subscriptions (issue 36 item 7; docs/decisions/135-…): each subscription's state,
 * cycle, next charge, paid orders and failed payments, read from this site's own records (the
 * `subscriptions` row, its orders, its recorded payment failures) and the cycle's calendar
 * (app/shared/subscription-cycle.ts), never from Stripe while a page renders:
 *
 * - the calendar starts on the first charge, which is the subscription's first order (decision 130),
 *   with the cycle it was sold with and the subscriber's skips, pauses and new cycles
 *   (subscription_changes), as the subscriber's page and Stripe's pauses draw it (manage-calendar);
 * - the next charge is the calendar's first charge not yet paid: the n-th charge after n paid orders;
 * - past due: a failed invoice (subscription_payment_failures) that is not yet an order;
 * - paused: today falls in the off weeks of the calendar (or a pause), and nothing is due.
 *
 * Nothing of health data is read here: a subscription holds terms, an address and Stripe's ids.
 */

export const SUBSCRIPTIONS_PER_PAGE = 25;
/** The other orders of its subscription an order's page lists (the subscription's page lists all). */
export const OTHER_ORDERS_SHOWN = 12;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AdminSubscriptions {
  /** The newest first, 25 a page; with a state, only the subscriptions in it. */
  list(state: AdminSubscriptionState | null, page: number): Promise<AdminSubscriptionsPage>;
  /** Undefined when there is no subscription of that id. */
  detail(id: string): Promise<AdminSubscriptionDetail | undefined>;
  /** The subscription an order came from, with its other orders; null when there is none. */
  ofOrder(order: {
    orderNumber: number;
    subscriptionId: string | null;
  }): Promise<AdminOrderSubscription | null>;
  /** The subscriptions of an address (any case), newest first. */
  ofCustomer(email: string): Promise<AdminCustomerSubscription[]>;
}

export type AdminSubscriptionsDeps = {
  db: Db;
  /** The server's clock (Stripe's is the same outside tests): which day the store's calendar is on. */
  now?: () => Date;
};

/** The state filter from the page's address; anything else is no filter. */
export function stateFilterOf(raw: string | null | undefined): AdminSubscriptionState | null {
  return ADMIN_SUBSCRIPTION_STATES.includes(raw as AdminSubscriptionState)
    ? (raw as AdminSubscriptionState)
    : null;
}

/** The page number from the page's address: a whole number from 1, else 1. */
export function pageOf(raw: string | null | undefined): number {
  const page = Number(raw ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

// ---------------------------------------------------------------------------------------------------
// The standing: pure, from the recorded facts and today's date

/** What the database knows of a subscription, all the standing is worked out from. */
export type SubscriptionFacts = {
  /** The row's status: pending | active | canceled (and any other a later change records). */
  status: string;
  weeksOn: number;
  weeksOff: number;
  quantity: number;
  unitAmount: number;
  currency: string;
  /** The first order (the first charge); null before it. */
  firstChargeAt: Date | null;
  paidOrders: number;
  /** A failed invoice that is not yet an order. */
  pastDue: boolean;
  canceledAt: Date | null;
  /**
   * The calendar's inputs besides its start (manage-calendar.server.ts): the cycle it was sold with and
   * the subscriber's changes; without them, the current cycle and no change.
   */
  firstCycle?: { weeksOn: number; weeksOff: number };
  adjustments?: readonly CycleAdjustment[];
};

export type SubscriptionStanding = {
  state: AdminSubscriptionState;
  pausedUntil: PlainDate | null;
  nextCharge: AdminNextCharge | null;
  startedOn: PlainDate | null;
  calendar: CycleCalendar | null;
  /** The calendar's last day: a stretch that runs past it is cut short there, and its charges with it. */
  through: PlainDate | null;
  /** The charges actually made (not skipped), in order: the n-th paid order is the n-th of them. */
  made: CycleCharge[];
};

export const cycleWords = (facts: { weeksOn: number; weeksOff: number }) =>
  `${facts.weeksOn} on / ${facts.weeksOff} off`;

export const dayOf = (instant: Date): PlainDate =>
  zonedDate(Math.floor(instant.getTime() / 1000), STORE_TIME_ZONE);

/**
 * Where a subscription stands on `today` (decision 135). `extraDays` draws the calendar further than
 * the next charge (the subscription's page shows what comes after it).
 */
export function standingOf(facts: SubscriptionFacts, today: PlainDate, extraDays = 0): SubscriptionStanding {
  const startedOn = facts.firstChargeAt ? dayOf(facts.firstChargeAt) : null;
  const cycle = facts.firstCycle ?? { weeksOn: facts.weeksOn, weeksOff: facts.weeksOff };
  const adjustments = facts.adjustments ?? [];
  // Far enough for the charge after the paid ones (a bottle lasts at most 45 days of calendar with
  // its off weeks), the whole stretch it falls in, and today's, plus what the caller wants to see;
  // each skip adds a bottle, each pause its weeks, and a new cycle may have longer stretches.
  const choice = isCycleChoice(cycle) ? cycle : null;
  const moved = adjustments.reduce(
    (days, change) =>
      days + (change.kind === "skip" ? 45 : change.kind === "pause" ? change.weeks * 7 : 12 * 7),
    0,
  );
  const through =
    startedOn && choice
      ? maxDate(
          addDays(
            startedOn,
            45 * (facts.paidOrders + 1) + (cycle.weeksOn + cycle.weeksOff) * 7 + moved + extraDays,
          ),
          addDays(today, extraDays),
        )
      : null;
  const calendar =
    startedOn && choice && through
      ? cycleCalendar({ start: startedOn, ...choice, adjustments, through })
      : null;
  const made = calendar ? calendar.charges.filter((charge) => !charge.skipped) : [];
  const base = { startedOn, calendar, through, made, pausedUntil: null, nextCharge: null };
  if (facts.status === "pending") return { ...base, state: "pending" };
  if (facts.status === "canceled") return { ...base, state: "canceled" };
  const upcoming = made[facts.paidOrders];
  const nextCharge: AdminNextCharge | null = upcoming
    ? {
        date: upcoming.date,
        amount: formatMoney(facts.unitAmount * facts.quantity, facts.currency),
        due: upcoming.date <= today,
      }
    : null;
  if (facts.pastDue) return { ...base, nextCharge, state: "past_due" };
  if (facts.status === "paused") return { ...base, nextCharge, state: "paused" };
  const stretch = calendar?.periods.find((period) => period.start <= today && today < period.end);
  if (nextCharge && !nextCharge.due && stretch && stretch.kind !== "on")
    return { ...base, nextCharge, state: "paused", pausedUntil: stretch.end };
  return { ...base, nextCharge, state: "active" };
}

const maxDate = (a: PlainDate, b: PlainDate) => (a > b ? a : b);

/**
 * The calendar as the subscription's page shows it: each stretch with its charges, each charge with
 * what became of it (the n-th made charge is the n-th paid order). A cancelled subscription's calendar
 * ends with its cancellation.
 */
export function calendarView(
  standing: SubscriptionStanding,
  facts: SubscriptionFacts,
  orderNumbers: number[],
  today: PlainDate,
): AdminCalendarPeriod[] | null {
  const { calendar } = standing;
  if (!calendar) return null;
  const until =
    standing.state === "canceled" ? (facts.canceledAt ? dayOf(facts.canceledAt) : today) : undefined;
  const madeIndex = new Map(standing.made.map((charge, index) => [charge.bottle, index]));
  const chargeOf = (charge: CycleCharge): AdminCalendarCharge => {
    const index = madeIndex.get(charge.bottle);
    const paid = index !== undefined && index < facts.paidOrders;
    const status: AdminCalendarCharge["status"] = charge.skipped
      ? "skipped"
      : paid
        ? "paid"
        : standing.state === "canceled" || (standing.state === "past_due" && index === facts.paidOrders)
          ? "unpaid"
          : index === facts.paidOrders
            ? charge.date <= today
              ? "due"
              : "next"
            : "planned";
    return {
      number: charge.bottle + 1,
      date: charge.date,
      status,
      orderNumber: paid && index !== undefined ? (orderNumbers[index] ?? null) : null,
    };
  };
  const through = standing.through ?? today;
  return (
    calendar.periods
      // Whole stretches only: one the calendar cuts short would seem to have fewer charges than it has.
      .filter((period) => addDays(period.end, -1) <= through)
      .filter((period) => until === undefined || period.start <= until)
      .map((period) => ({
        kind: period.kind,
        start: period.start,
        last: addDays(period.end, -1),
        servingsCarried: period.servingsCarried ?? null,
        current: until === undefined && period.start <= today && today < period.end,
        charges: calendar.charges
          .filter((charge) => charge.date >= period.start && charge.date < period.end)
          .map(chargeOf)
          .filter((charge) => until === undefined || charge.date <= until || charge.status === "paid"),
      }))
  );
}

// ---------------------------------------------------------------------------------------------------
// The database

// Correlated subqueries name their tables in full: drizzle leaves a column unqualified in a query of
// one table, and inside a subquery on `orders` an unqualified "id" would be the order's.
const S = sql.raw(`"subscriptions"."id"`);

/** A failed invoice of the subscription that is not (yet) an order. */
const pastDueSql = sql<boolean>`exists (
  select 1 from "subscription_payment_failures" as f
  where f."subscription_id" = ${S}
    and not exists (select 1 from "orders" as o where o."stripe_invoice_id" = f."stripe_invoice_id")
)`;

const selection = {
  row: subscriptions,
  paidOrders: sql<number>`(select count(*)::int from "orders" as o where o."subscription_id" = ${S})`,
  firstChargeAt:
    sql<Date | null>`(select min(o."created_at") from "orders" as o where o."subscription_id" = ${S})`.mapWith(
      orders.createdAt,
    ),
  failureCount: sql<number>`(select count(*)::int from "subscription_payment_failures" as f where f."subscription_id" = ${S})`,
  latestFailureAt:
    sql<Date | null>`(select max(f."created_at") from "subscription_payment_failures" as f where f."subscription_id" = ${S})`.mapWith(
      subscriptionPaymentFailures.createdAt,
    ),
  latestFailureAttempt: sql<
    number | null
  >`(select f."attempt_count" from "subscription_payment_failures" as f where f."subscription_id" = ${S} order by f."created_at" desc, f."attempt_count" desc limit 1)`,
  pastDue: pastDueSql.mapWith(Boolean),
};

type Selected = {
  row: typeof subscriptions.$inferSelect;
  paidOrders: number;
  firstChargeAt: Date | null;
  failureCount: number;
  latestFailureAt: Date | null;
  latestFailureAttempt: number | null;
  pastDue: boolean;
};

/** The calendar's inputs from the subscription's changes, as the subscriber's page reads them. */
function calendarInputs(row: Selected["row"], changes: readonly ChangeRow[]) {
  const current = { weeksOn: row.weeksOn, weeksOff: row.weeksOff };
  if (!isCycleChoice(current)) return {};
  return { firstCycle: firstCycleOf(row, changes), adjustments: adjustmentsOf(changes) };
}

const factsOf = (selected: Selected, changes: readonly ChangeRow[] = []): SubscriptionFacts => ({
  ...calendarInputs(selected.row, changes),
  status: selected.row.status,
  weeksOn: selected.row.weeksOn,
  weeksOff: selected.row.weeksOff,
  quantity: selected.row.quantity,
  unitAmount: selected.row.unitAmount,
  currency: selected.row.currency,
  firstChargeAt: selected.firstChargeAt,
  paidOrders: Number(selected.paidOrders),
  pastDue: Boolean(selected.pastDue),
  canceledAt: selected.row.canceledAt,
});

function rowOf(selected: Selected, standing: SubscriptionStanding): AdminSubscriptionRow {
  const { row } = selected;
  return {
    id: row.id,
    customerEmail: row.email,
    state: standing.state,
    pausedUntil: standing.pausedUntil,
    cycle: cycleWords(row),
    bottles: row.quantity,
    pricePerDelivery: formatMoney(row.unitAmount * row.quantity, row.currency),
    nextCharge: standing.nextCharge,
    paidOrders: Number(selected.paidOrders),
    failedPayments: {
      count: Number(selected.failureCount),
      latest: selected.latestFailureAt
        ? { at: selected.latestFailureAt.toISOString(), attempt: Number(selected.latestFailureAttempt ?? 0) }
        : null,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

const notStartedOrEnded = notInArray(subscriptions.status, ["pending", "canceled"]);

/** The rows the database alone can pick for a state; active and paused are told apart by the calendar. */
function whereOf(state: AdminSubscriptionState | null): SQL | undefined {
  switch (state) {
    case null:
      return undefined;
    case "pending":
      return eq(subscriptions.status, "pending");
    case "canceled":
      return eq(subscriptions.status, "canceled");
    case "past_due":
      return and(notStartedOrEnded, pastDueSql);
    case "active":
    case "paused":
      return and(notStartedOrEnded, not(pastDueSql));
  }
}

export function createAdminSubscriptions(deps: AdminSubscriptionsDeps): AdminSubscriptions {
  const { db } = deps;
  const today = () => dayOf(deps.now?.() ?? new Date());

  /** The changes of the subscriptions listed, in one query, by subscription. */
  async function changesBySubscription(ids: readonly string[]): Promise<Map<string, ChangeRow[]>> {
    const bySubscription = new Map<string, ChangeRow[]>();
    if (ids.length === 0) return bySubscription;
    const rows = await db
      .select()
      .from(subscriptionChanges)
      .where(
        and(
          inArray(subscriptionChanges.subscriptionId, [...new Set(ids)]),
          // A change still being carried to Stripe is not made yet (decision 157).
          eq(subscriptionChanges.pending, false),
        ),
      )
      .orderBy(asc(subscriptionChanges.subscriptionId), asc(subscriptionChanges.sequence));
    for (const row of rows) {
      const list = bySubscription.get(row.subscriptionId) ?? [];
      list.push(row);
      bySubscription.set(row.subscriptionId, list);
    }
    return bySubscription;
  }

  /** Each selected subscription's facts, its changes read with the others'. */
  async function factsOfAll(selected: readonly Selected[]): Promise<SubscriptionFacts[]> {
    const changes = await changesBySubscription(selected.map((entry) => entry.row.id));
    return selected.map((entry) => factsOf(entry, changes.get(entry.row.id) ?? []));
  }

  const select = (where: SQL | undefined) =>
    db
      .select(selection)
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));

  async function ordersOf(subscriptionId: string) {
    return db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        amountTotal: orders.amountTotal,
        amountRefunded: orders.amountRefunded,
        currency: orders.currency,
        stripeInvoiceId: orders.stripeInvoiceId,
      })
      .from(orders)
      .where(eq(orders.subscriptionId, subscriptionId))
      .orderBy(asc(orders.createdAt), asc(orders.orderNumber));
  }

  const orderView = (order: Awaited<ReturnType<typeof ordersOf>>[number]): AdminSubscriptionOrder => ({
    orderNumber: order.orderNumber,
    placedAt: order.createdAt.toISOString(),
    total: formatMoney(order.amountTotal, order.currency),
    payment: paymentOf(order.amountTotal, order.amountRefunded, order.currency),
  });

  return {
    async list(state, page) {
      const current = Number.isInteger(page) && page >= 1 ? page : 1;
      const day = today();
      const offset = (current - 1) * SUBSCRIPTIONS_PER_PAGE;
      let shown: AdminSubscriptionRow[];
      let hasNext: boolean;
      if (state === "active" || state === "paused") {
        // The calendar tells these two apart: every candidate is worked out, then the page is cut.
        const candidates = await select(whereOf(state));
        const facts = await factsOfAll(candidates);
        const all = candidates
          .map((selected, index) => rowOf(selected, standingOf(facts[index] as SubscriptionFacts, day)))
          .filter((row) => row.state === state);
        shown = all.slice(offset, offset + SUBSCRIPTIONS_PER_PAGE);
        hasNext = all.length > offset + SUBSCRIPTIONS_PER_PAGE;
      } else {
        const rows = await select(whereOf(state))
          .limit(SUBSCRIPTIONS_PER_PAGE + 1)
          .offset(offset);
        const page = rows.slice(0, SUBSCRIPTIONS_PER_PAGE);
        const facts = await factsOfAll(page);
        shown = page.map((selected, index) =>
          rowOf(selected, standingOf(facts[index] as SubscriptionFacts, day)),
        );
        hasNext = rows.length > SUBSCRIPTIONS_PER_PAGE;
      }
      return { subscriptions: shown, state, page: current, hasPrevious: current > 1, hasNext };
    },

    async detail(id) {
      if (!UUID.test(id)) return undefined;
      const [selected] = await select(eq(subscriptions.id, id));
      if (!selected) return undefined;
      const { row } = selected;
      const day = today();
      const [facts] = (await factsOfAll([selected])) as [SubscriptionFacts];
      // Two cycles past today or the next charge, whichever is later.
      const standing = standingOf(facts, day, (row.weeksOn + row.weeksOff) * 7 * 2);
      const [orderRows, failureRows] = await Promise.all([
        ordersOf(row.id),
        db
          .select({
            createdAt: subscriptionPaymentFailures.createdAt,
            attemptCount: subscriptionPaymentFailures.attemptCount,
            amountDue: subscriptionPaymentFailures.amountDue,
            currency: subscriptionPaymentFailures.currency,
            stripeInvoiceId: subscriptionPaymentFailures.stripeInvoiceId,
            nextPaymentAttempt: subscriptionPaymentFailures.nextPaymentAttempt,
          })
          .from(subscriptionPaymentFailures)
          .where(eq(subscriptionPaymentFailures.subscriptionId, row.id))
          .orderBy(
            desc(subscriptionPaymentFailures.createdAt),
            desc(subscriptionPaymentFailures.attemptCount),
          ),
      ]);
      const paidInvoices = new Set(orderRows.map((order) => order.stripeInvoiceId));
      return {
        ...rowOf(selected, standing),
        productTitle: row.productTitle,
        pricePerBottle: formatMoney(row.unitAmount, row.currency),
        startedOn: standing.startedOn,
        canceledAt: row.canceledAt?.toISOString() ?? null,
        stripe: {
          checkoutSessionId: row.stripeSessionId,
          subscriptionId: row.stripeSubscriptionId,
          customerId: row.stripeCustomerId,
        },
        calendar: calendarView(
          standing,
          facts,
          orderRows.map((order) => order.orderNumber),
          day,
        ),
        orders: orderRows.map(orderView).reverse(),
        failures: failureRows.map((failure) => ({
          at: failure.createdAt.toISOString(),
          attempt: failure.attemptCount,
          amount: formatMoney(failure.amountDue, failure.currency),
          invoiceId: failure.stripeInvoiceId,
          nextAttemptAt: failure.nextPaymentAttempt?.toISOString() ?? null,
          paidSince: paidInvoices.has(failure.stripeInvoiceId),
        })),
      };
    },

    async ofOrder(order) {
      if (!order.subscriptionId || !UUID.test(order.subscriptionId)) return null;
      const [selected] = await select(eq(subscriptions.id, order.subscriptionId));
      if (!selected) return null;
      const [facts] = (await factsOfAll([selected])) as [SubscriptionFacts];
      const standing = standingOf(facts, today());
      const others = (await ordersOf(selected.row.id))
        .filter((other) => other.orderNumber !== order.orderNumber)
        .reverse();
      return {
        id: selected.row.id,
        state: standing.state,
        cycle: cycleWords(selected.row),
        bottles: selected.row.quantity,
        nextCharge: standing.nextCharge,
        otherOrders: others.slice(0, OTHER_ORDERS_SHOWN).map(orderView),
        otherOrderCount: others.length,
      };
    },

    async ofCustomer(email) {
      const address = email.trim().toLowerCase();
      if (!address) return [];
      const day = today();
      const rows = await select(eq(sql`lower(${subscriptions.email})`, address)).limit(50);
      const facts = await factsOfAll(rows);
      return rows.map((selected, index) => {
        const standing = standingOf(facts[index] as SubscriptionFacts, day);
        return {
          id: selected.row.id,
          state: standing.state,
          cycle: cycleWords(selected.row),
          nextCharge: standing.nextCharge,
          createdAt: selected.row.createdAt.toISOString(),
        };
      });
    },
  };
}
