import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { CANCEL_PATH, money, SUBSCRIPTION_PATH, subscriptionPage } from "~/content/account-subscription";
import { pages } from "~/content/routes";
import type { SubscriptionStatusView, SubscriptionView } from "~/contracts/account-subscription";
import { formatWeekdayDay } from "~/shared/dates";
import { PAUSE_WEEKS, WEEKS_OFF, WEEKS_ON } from "~/shared/subscription-cycle";
import { CycleCalendarView } from "./cycle-calendar";

/**
 * One subscription on /account/subscription (issue 36 item 5): the next charge and its amount, the
 * status, the terms, the calendar, and a form per change (skip, pause, cycle, bottles, card), each a
 * plain POST that works without JavaScript; cancelling is a link to its own page (one page, one
 * button). `notice` is what the last action said about this subscription.
 */

const words = subscriptionPage;
const BOTTLE_CHOICES = [1, 2, 3, 4, 5, 6] as const;
const PAUSE_CHOICES = Array.from(
  { length: PAUSE_WEEKS.max - PAUSE_WEEKS.min + 1 },
  (_, i) => PAUSE_WEEKS.min + i,
);

const card = "rounded-card border border-white/10 bg-ink-900 p-5 sm:p-6";
const selectClass =
  "mt-2 block min-h-12 w-full min-w-0 rounded-xl border border-ink-500 bg-ink-800 px-4 text-base text-white focus-visible:border-ember-400";

function statusText(status: SubscriptionStatusView): string {
  switch (status.kind) {
    case "active":
      return words.status.active;
    case "off":
      return words.status.off(status.until);
    case "paused":
      return words.status.paused(status.until);
    case "payment_failed":
      return words.status.payment_failed;
    case "canceled":
      return words.status.canceled(status.on);
    case "unavailable":
      return words.status.unavailable;
  }
}

const statusTone: Record<SubscriptionStatusView["kind"], string> = {
  active: "border-success-400/50 bg-success-400/10 text-success-400",
  off: "border-white/20 bg-white/5 text-ink-100",
  paused: "border-gold-400/50 bg-gold-400/10 text-gold-400",
  payment_failed: "border-danger-400/60 bg-danger-600/15 text-danger-400",
  canceled: "border-white/20 bg-white/5 text-ink-200",
  unavailable: "border-white/20 bg-white/5 text-ink-200",
};

function Hidden({ view, intent }: { view: SubscriptionView; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscription" value={view.id} />
      <input type="hidden" name="version" value={view.version} />
    </>
  );
}

function ActionCard({
  id,
  heading,
  text,
  children,
}: {
  id: string;
  heading: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${card} flex flex-col`}>
      <h3 id={id} className="text-lg font-extrabold text-white">
        {heading}
      </h3>
      <p className="mt-2 text-sm text-ink-300">{text}</p>
      <div className="mt-auto pt-5">{children}</div>
    </section>
  );
}

function CardForm({ view }: { view: SubscriptionView }) {
  return (
    <form method="post" action={SUBSCRIPTION_PATH}>
      <input type="hidden" name="intent" value="portal" />
      <input type="hidden" name="subscription" value={view.id} />
      <button
        type="submit"
        className={buttonClass("secondary", "md", "w-full whitespace-normal text-center")}
      >
        {words.actions.card.button}
      </button>
    </form>
  );
}

function Actions({ view }: { view: SubscriptionView }) {
  const key = (name: string) => `${view.id}-${name}`;
  const next = view.nextCharge;
  const submit = buttonClass("primary", "md", "w-full whitespace-normal text-center");
  return (
    <section aria-labelledby={key("actions")} className="space-y-4">
      <h2 id={key("actions")} className="text-xl font-extrabold text-white">
        {words.actions.heading}
      </h2>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <ActionCard
          id={key("skip")}
          heading={words.actions.skip.heading}
          text={next ? words.actions.skip.text(next.date, next.then) : words.actions.skip.none}
        >
          {next ? (
            <form method="post" action={SUBSCRIPTION_PATH}>
              <Hidden view={view} intent="skip" />
              <input type="hidden" name="bottle" value={next.bottle} />
              <button type="submit" className={submit}>
                {words.actions.skip.button(next.date)}
              </button>
            </form>
          ) : null}
        </ActionCard>

        <ActionCard id={key("pause")} heading={words.actions.pause.heading} text={words.actions.pause.text}>
          <form method="post" action={SUBSCRIPTION_PATH} className="space-y-4">
            <Hidden view={view} intent="pause" />
            <div>
              <label htmlFor={key("weeks")} className="block text-sm font-bold text-white">
                {words.actions.pause.label}
              </label>
              <select id={key("weeks")} name="weeks" defaultValue={PAUSE_WEEKS.min} className={selectClass}>
                {PAUSE_CHOICES.map((weeks) => (
                  <option key={weeks} value={weeks}>
                    {words.actions.pause.option(weeks)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={submit}>
              {words.actions.pause.button}
            </button>
          </form>
        </ActionCard>

        <ActionCard id={key("cycle")} heading={words.actions.cycle.heading} text={words.actions.cycle.text}>
          <form method="post" action={SUBSCRIPTION_PATH} className="space-y-4">
            <Hidden view={view} intent="cycle" />
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor={key("weeks-on")} className="block text-sm font-bold text-white">
                  {words.actions.cycle.on}
                </label>
                <select
                  id={key("weeks-on")}
                  name="weeksOn"
                  defaultValue={view.cycle.weeksOn}
                  className={selectClass}
                >
                  {WEEKS_ON.map((weeks) => (
                    <option key={weeks} value={weeks}>
                      {words.actions.cycle.optionOn(weeks)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={key("weeks-off")} className="block text-sm font-bold text-white">
                  {words.actions.cycle.off}
                </label>
                <select
                  id={key("weeks-off")}
                  name="weeksOff"
                  defaultValue={view.cycle.weeksOff}
                  className={selectClass}
                >
                  {WEEKS_OFF.map((weeks) => (
                    <option key={weeks} value={weeks}>
                      {words.actions.cycle.optionOff(weeks)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <button type="submit" className={submit}>
              {words.actions.cycle.button}
            </button>
          </form>
        </ActionCard>

        <ActionCard
          id={key("quantity")}
          heading={words.actions.quantity.heading}
          text={words.actions.quantity.text(view.unitAmount, view.currency)}
        >
          <form method="post" action={SUBSCRIPTION_PATH} className="space-y-4">
            <Hidden view={view} intent="quantity" />
            <div>
              <label htmlFor={key("bottles")} className="block text-sm font-bold text-white">
                {words.actions.quantity.label}
              </label>
              <select
                id={key("bottles")}
                name="quantity"
                defaultValue={view.quantity}
                className={selectClass}
              >
                {BOTTLE_CHOICES.map((count) => (
                  <option key={count} value={count}>
                    {words.actions.quantity.option(count, view.unitAmount, view.currency)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={submit}>
              {words.actions.quantity.button}
            </button>
          </form>
        </ActionCard>

        <ActionCard id={key("card")} heading={words.actions.card.heading} text={words.actions.card.text}>
          <CardForm view={view} />
        </ActionCard>

        <ActionCard
          id={key("cancel")}
          heading={words.actions.cancel.heading}
          text={words.actions.cancel.text}
        >
          <Link
            to={`${CANCEL_PATH}?subscription=${view.id}`}
            className={buttonClass("secondary", "md", "w-full whitespace-normal text-center")}
          >
            {words.actions.cancel.link}
          </Link>
        </ActionCard>
      </div>
    </section>
  );
}

export function SubscriptionPanel({ view, notice }: { view: SubscriptionView; notice: ReactNode }) {
  const status = view.status;
  const live = status.kind !== "canceled";
  const headingId = `${view.id}-heading`;
  return (
    <article aria-labelledby={headingId} id={`subscription-${view.id}`} className="space-y-6">
      <h2 id={headingId} className="sr-only">
        {view.productTitle}: {statusText(status)}
      </h2>
      {notice}
      {view.changePending && live ? (
        <p role="status" className="rounded-card border border-ember-400/40 bg-ink-900 p-5 text-ink-100">
          {words.changePending}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby={`${view.id}-next`} className={`${card} sm:p-8`}>
          <p
            id={`${view.id}-next`}
            className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400"
          >
            {live ? words.next.heading : words.ended}
          </p>
          {view.nextCharge && live ? (
            <>
              <p className="mt-3 text-3xl font-black text-white sm:text-4xl">
                {formatWeekdayDay(view.nextCharge.date)}
              </p>
              <p className="mt-2 text-lg text-ink-100">
                {words.next.amount(view.nextCharge.amount, view.currency, view.quantity)}
              </p>
            </>
          ) : (
            <p className="mt-3 text-lg text-ink-100">
              {status.kind === "canceled"
                ? words.canceled.text
                : status.kind === "unavailable"
                  ? words.unavailable
                  : words.next.none}
            </p>
          )}
          <p
            className={`mt-5 inline-flex max-w-full rounded-full border px-3 py-1 text-sm font-bold ${statusTone[status.kind]}`}
          >
            <span className="sr-only">{words.terms.status}: </span>
            {statusText(status)}
          </p>
          {status.kind === "payment_failed" ? (
            <div className="mt-5 space-y-4">
              <p className="text-ink-100">{words.paymentFailed(status.nextAttemptOn)}</p>
              <div className="max-w-sm">
                <CardForm view={view} />
              </div>
            </div>
          ) : null}
          {status.kind === "canceled" ? (
            <p className="mt-5">
              <Link to={pages.enhancer.path} className={TEXT_LINK}>
                {words.canceled.again}
              </Link>
            </p>
          ) : null}
        </section>
        <section aria-labelledby={`${view.id}-terms`} className={card}>
          <h3 id={`${view.id}-terms`} className="text-lg font-extrabold text-white">
            {view.productTitle}
          </h3>
          <dl className="mt-4 space-y-4">
            <div>
              <dt className="text-sm text-ink-300">{words.terms.bottles}</dt>
              <dd className="mt-0.5 font-bold text-white">
                {words.terms.bottlesValue(view.quantity, view.unitAmount, view.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-300">{words.terms.cycle}</dt>
              <dd className="mt-0.5 font-bold text-white">
                {words.terms.cycleValue(view.cycle.weeksOn, view.cycle.weeksOff)}
              </dd>
            </div>
            {view.lastPaid ? (
              <div>
                <dt className="text-sm text-ink-300">Last charge</dt>
                <dd className="mt-0.5 font-bold text-white">
                  {money(view.lastPaid.amount, view.currency)} on {formatWeekdayDay(view.lastPaid.on)}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>
      {live && view.calendar && view.today ? (
        <CycleCalendarView
          id={view.id}
          calendar={view.calendar}
          today={view.today}
          lastChargeOn={view.lastChargeOn}
          amount={view.nextCharge?.amount ?? view.unitAmount * view.quantity}
          currency={view.currency}
        />
      ) : null}
      {live && status.kind !== "unavailable" ? <Actions view={view} /> : null}
    </article>
  );
}

/** The words for the change just made (the redirect after a form names it). */
export function confirmationOf(view: SubscriptionView, changeId: string | null): string | null {
  const change = view.changes.find((entry) => entry.id === changeId);
  if (!change) return null;
  switch (change.kind) {
    case "skip":
      return words.confirmation.skip(change.on);
    case "pause":
      return words.confirmation.pause(change.weeks, change.until);
    case "cycle":
      return words.confirmation.cycle(change.weeksOn, change.weeksOff);
    case "quantity":
      return words.confirmation.quantity(change.quantity);
    case "cancel":
      return words.confirmation.cancel;
  }
}
