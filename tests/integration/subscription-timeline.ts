import { longDate } from "../../app/server/mail/templates/subscription-reminders";
import { breaksOf, calendarOf, reminderDueAt } from "../../app/server/subscriptions/reminder-plan.server";
import { daysBetween, STORE_TIME_ZONE, zonedInstant } from "../../app/shared/subscription-cycle";
import type { ReceivedMail } from "../../sandbox/mail/emulator";
import type { RunningServer } from "../../scripts/lib/server-process";
import { type Emulators, mailsTo } from "./checkout-harness";
import { advanceClock, DAY, stripeClient } from "./stripe-billing-harness";
import { startAndPay } from "./subscription-support";

/**
 * Shared by the subscription-reminders and subscription-outside-changes tests (issue 36 items 4 and
 * 8): a subscriber started at POST /api/subscribe and paid at the Stripe emulator, whose customer runs
 * on a test clock of its own; the clock moved as Stripe's test clocks move (each step's events
 * delivered before the next); and what the subscriber should have been told, and when.
 */

export { DAY };

export const sdk = (emulators: Emulators) => stripeClient(emulators.stripe, { maxNetworkRetries: 2 });

export type Subscriber = {
  email: string;
  sessionId: string;
  subscriptionId: string;
  customerId: string;
  clockId: string;
  /** The first charge (Unix seconds, the test clock's time at checkout). */
  startedAt: number;
};

export async function subscribe(
  server: RunningServer,
  emulators: Emulators,
  email: string,
  terms = { quantity: 1, weeksOn: 8, weeksOff: 2 },
): Promise<Subscriber> {
  const { sessionId, subscriptionId, customerId, clockId, startedAt } = await startAndPay(
    server.url,
    emulators,
    email,
    terms,
    sdk(emulators),
  );
  return { email, sessionId, subscriptionId, customerId, clockId, startedAt };
}

/** Moves the clock to `to` (one advance, as Stripe's API does it) and waits for every event's delivery. */
export async function advanceTo(emulators: Emulators, clockId: string, to: number) {
  const stripe = sdk(emulators);
  let clock = await stripe.testHelpers.testClocks.retrieve(clockId);
  if (clock.frozen_time >= to) return clock.frozen_time;
  clock = (await advanceClock(stripe, clockId, to, 20_000)).ready;
  await emulators.stripe.webhooksSettled(60_000);
  return clock.frozen_time;
}

/** Moves the clock `days` past the start, `stepDays` at a time, `each` run after every step. */
export async function liveUntil(
  emulators: Emulators,
  subscriber: Pick<Subscriber, "clockId" | "startedAt">,
  days: number,
  options: { stepDays?: number; each?: (now: number) => Promise<void> } = {},
) {
  const end = subscriber.startedAt + days * DAY;
  let now = (await sdk(emulators).testHelpers.testClocks.retrieve(subscriber.clockId)).frozen_time;
  while (now < end) {
    now = await advanceTo(emulators, subscriber.clockId, Math.min(end, now + (options.stepDays ?? 28) * DAY));
    await options.each?.(now);
  }
}

export type ExpectedReminder = {
  kind: "charge" | "off_start" | "off_end";
  onDate: string;
  /** When it is due on the test clock: the renewal's `invoice.upcoming`, or 09:00 New York three days before. */
  dueAt: number;
  subject: string;
};

/**
 * What an 8 on / 2 off subscriber started at `startedAt` is owed in its first `days` days: a charge
 * reminder three days before every charge after the first (for a renewal, when Stripe's
 * `invoice.upcoming` comes: 72 hours before it; for the charge that ends a pause, 09:00 New York), and
 * a reminder three days before each break starts and ends.
 */
export function expectedReminders(
  startedAt: number,
  days: number,
  money: string,
  cycle = { weeksOn: 8, weeksOff: 2 } as const,
): ExpectedReminder[] {
  const calendar = calendarOf({ startedAt, cycle, now: startedAt });
  const expected: ExpectedReminder[] = [];
  let previous: { date: string; at: number } | null = null;
  for (const charge of calendar.charges) {
    if (charge.skipped) continue;
    const renewal = previous !== null && daysBetween(previous.date, charge.date) === 30;
    const at: number =
      previous === null
        ? startedAt
        : renewal
          ? previous.at + 30 * DAY
          : zonedInstant(charge.date, { hour: 12, minute: 0 }, STORE_TIME_ZONE);
    if (previous !== null)
      expected.push({
        kind: "charge",
        onDate: charge.date,
        dueAt: renewal ? at - 3 * DAY : reminderDueAt(charge.date),
        subject: `Your next Forge bottle: ${money} on ${longDate(charge.date)}`,
      });
    previous = { date: charge.date, at };
  }
  for (const cycleBreak of breaksOf(calendar)) {
    expected.push({
      kind: "off_start",
      onDate: cycleBreak.start,
      dueAt: reminderDueAt(cycleBreak.start),
      subject: `Your weeks off start on ${longDate(cycleBreak.start)}: nothing charged or shipped`,
    });
    expected.push({
      kind: "off_end",
      onDate: cycleBreak.end,
      dueAt: reminderDueAt(cycleBreak.end),
      subject: `Back on Forge from ${longDate(cycleBreak.end)}`,
    });
  }
  const end = startedAt + days * DAY;
  return expected.filter((entry) => entry.dueAt <= end).sort((a, b) => a.dueAt - b.dueAt);
}

const REMINDER =
  /^(Your next Forge bottle: |Your weeks off start on |Your Forge pause starts on |Back on Forge from )/;

export const reminderMails = (messages: ReceivedMail[], email: string) =>
  mailsTo(messages, email).filter((mail) => REMINDER.test(mail.subject));

export const orderMails = (messages: ReceivedMail[], email: string) =>
  mailsTo(messages, email).filter((mail) => /order #\d+ is confirmed/.test(mail.subject));

export async function shopifyOrders(emulators: Emulators) {
  const response = await fetch(`${emulators.env.SHOPIFY_API_URL}/orders.json`);
  return (
    (await response.json()) as {
      orders: { sourceIdentifier: string | null; lineItems?: { quantity: number }[] }[];
    }
  ).orders;
}

/** A form on the sandbox dashboard of Stripe's emulator, posted as a person does. */
export async function dashboardPost(
  emulators: Emulators,
  subscriptionId: string,
  action: "update" | "cancel" | "advance",
  fields: Record<string, string> = {},
) {
  const response = await fetch(`${emulators.stripe.apiUrl}/subscriptions/${subscriptionId}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}
