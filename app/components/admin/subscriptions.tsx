import type { ReactNode } from "react";
import { Link } from "react-router";
import { TEXT_LINK } from "~/components/ui/text-link";
import { adminSubscriptionsCopy as copy } from "~/content/admin-subscriptions";
import {
  ADMIN_SUBSCRIPTION_STATES,
  type AdminCustomerSubscription,
  type AdminNextCharge,
  type AdminOrderSubscription,
  type AdminSubscriptionDetail,
  type AdminSubscriptionRow,
  type AdminSubscriptionState,
} from "~/contracts/admin-subscriptions";
import { formatDay } from "~/shared/dates";
import { Card, Facts } from "./order-detail";
import { Badge, dateTime } from "./order-states";

/**
 * The back office's subscriptions (issue 36 item 7): the list with its state filter and pages, one
 * subscription's page (terms, calendar, orders, failed payments), and what an order's page and the
 * order list show of the subscription an order came from.
 */

export const subscriptionHref = (id: string) => `/admin/subscriptions/${id}`;

/** The list's address for a state and page (empty parts left out). */
export function subscriptionsHref(state: AdminSubscriptionState | null, page = 1): string {
  const params = new URLSearchParams();
  if (state) params.set("state", state);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/subscriptions${query ? `?${query}` : ""}`;
}

export function StateBadge({ state }: { state: AdminSubscriptionState }) {
  const { label, tone } = copy.states[state];
  return <Badge tone={tone}>{label}</Badge>;
}

/** The state, and for a pause the day the on weeks start again. */
function StateCell({ state, pausedUntil }: { state: AdminSubscriptionState; pausedUntil: string | null }) {
  return (
    <>
      <StateBadge state={state} />
      {pausedUntil ? (
        <p className="mt-1 whitespace-nowrap text-xs text-ink-300">{`On again ${formatDay(pausedUntil)}`}</p>
      ) : null}
    </>
  );
}

/** "Jan 5, 2027 · $66.30", and whether it is due and unpaid. */
function NextChargeWords({ next }: { next: AdminNextCharge | null }) {
  if (!next) return <span className="text-ink-300">{copy.noCharge}</span>;
  return (
    <>
      <span className="whitespace-nowrap font-bold text-white">{formatDay(next.date)}</span>
      <span className="block whitespace-nowrap text-ink-200">{next.amount}</span>
      {next.due ? <span className="block text-xs text-danger-400">Due, not paid yet</span> : null}
    </>
  );
}

/** The state filter: a link per state, the current one marked (the filter is in the address). */
export function SubscriptionStateFilter({ state }: { state: AdminSubscriptionState | null }) {
  const options: [AdminSubscriptionState | null, string][] = [
    [null, copy.allFilter],
    ...ADMIN_SUBSCRIPTION_STATES.map((key): [AdminSubscriptionState, string] => [
      key,
      copy.states[key].filter,
    ]),
  ];
  return (
    <nav aria-label={copy.filterLabel}>
      <ul className="flex flex-wrap gap-2">
        {options.map(([key, label]) => {
          const current = key === state;
          return (
            <li key={key ?? "all"}>
              <Link
                to={subscriptionsHref(key)}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-12 items-center rounded-full border px-4 font-bold ${
                  current
                    ? "border-ember-400 bg-ember-500/15 text-white"
                    : "border-ink-500 text-ink-100 hover:border-ink-300 hover:text-white"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const TH = "px-4 py-3";

/** The subscriptions, one row each: its state, terms, next charge, orders and failed payments. */
export function SubscriptionsTable({ rows }: { rows: AdminSubscriptionRow[] }) {
  return (
    <section
      className="overflow-x-auto rounded-card border border-white/10 bg-ink-800"
      aria-labelledby="subscriptions-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone, so a keyboard must reach it (axe scrollable-region-focusable).
      tabIndex={0}
    >
      <table className="w-full min-w-[68rem] text-left text-sm" data-testid="admin-subscriptions">
        <caption id="subscriptions-caption" className="sr-only">
          Subscriptions, newest first
        </caption>
        <thead className="border-b border-white/10 text-xs uppercase tracking-wide text-ink-300">
          <tr>
            <th scope="col" className={TH}>
              Customer
            </th>
            <th scope="col" className={TH}>
              State
            </th>
            <th scope="col" className={TH}>
              Cycle (weeks)
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Bottles
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Per delivery
            </th>
            <th scope="col" className={TH}>
              Next charge
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Paid orders
            </th>
            <th scope="col" className={TH}>
              Failed payments
            </th>
            <th scope="col" className={TH}>
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {rows.map((row) => (
            <tr key={row.id} data-subscription={row.id} className="align-top">
              <th
                scope="row"
                className="min-w-44 max-w-64 px-4 py-3 font-bold text-white [overflow-wrap:anywhere]"
              >
                <Link to={subscriptionHref(row.id)} className={TEXT_LINK}>
                  {row.customerEmail ?? "No e-mail yet"}
                </Link>
              </th>
              <td className="px-4 py-3" data-testid="subscription-state">
                <StateCell state={row.state} pausedUntil={row.pausedUntil} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-ink-100">{row.cycle}</td>
              <td className="px-4 py-3 text-right text-ink-100">{row.bottles}</td>
              <td className="px-4 py-3 text-right font-bold text-white">{row.pricePerDelivery}</td>
              <td className="px-4 py-3" data-testid="subscription-next-charge">
                <NextChargeWords next={row.nextCharge} />
              </td>
              <td className="px-4 py-3 text-right text-ink-100">{row.paidOrders}</td>
              <td className="px-4 py-3" data-testid="subscription-failures">
                {row.failedPayments.count === 0 ? (
                  <span className="text-ink-300">{copy.noFailures}</span>
                ) : (
                  <>
                    <Badge tone={row.state === "past_due" ? "bad" : "wait"}>
                      {`${row.failedPayments.count} failed`}
                    </Badge>
                    {row.failedPayments.latest ? (
                      <p className="mt-1 min-w-40 text-xs text-ink-200">
                        {`Latest: attempt ${row.failedPayments.latest.attempt}, ${dateTime(row.failedPayments.latest.at)}`}
                      </p>
                    ) : null}
                  </>
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-ink-200">{formatDay(row.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Newer / older pages of the list, keeping the filter. */
export function SubscriptionPages({
  state,
  page,
  hasPrevious,
  hasNext,
}: {
  state: AdminSubscriptionState | null;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
}) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label="Pages of subscriptions" className="flex justify-between gap-4">
      {hasPrevious ? (
        <Link to={subscriptionsHref(state, page - 1)} className={TEXT_LINK}>
          ← Newer subscriptions
        </Link>
      ) : (
        <span />
      )}
      <span className="text-ink-300">Page {page}</span>
      {hasNext ? (
        <Link to={subscriptionsHref(state, page + 1)} className={TEXT_LINK}>
          Older subscriptions →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

// ---------------------------------------------------------------------------------------------------
// One subscription

function SmallTable({
  id,
  caption,
  head,
  children,
}: {
  id: string;
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <section
      className="-mx-2 overflow-x-auto px-2"
      aria-labelledby={`${id}-caption`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it may scroll sideways on a phone, so a keyboard must reach it (axe scrollable-region-focusable).
      tabIndex={0}
    >
      <table className="w-full text-left text-sm" data-testid={id}>
        <caption id={`${id}-caption`} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-white/10 text-xs uppercase tracking-wide text-ink-300">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="py-2 pr-4">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">{children}</tbody>
      </table>
    </section>
  );
}

const weeksOf = (start: string, last: string) => {
  const days = Math.round((Date.parse(last) - Date.parse(start)) / 86_400_000) + 1;
  return days % 7 === 0 ? `${days / 7} week${days === 7 ? "" : "s"}` : `${days} day${days === 1 ? "" : "s"}`;
};

/** The calendar: each stretch (on, off, paused) with its dates and the charges in it, today's marked. */
function Calendar({ periods }: { periods: NonNullable<AdminSubscriptionDetail["calendar"]> }) {
  return (
    <ol
      className="divide-y divide-white/10 border-y border-white/10 text-sm"
      aria-label="The cycle's calendar: on and off weeks, and the charges in them"
      data-testid="subscription-calendar"
    >
      {periods.map((period) => (
        <li
          key={`${period.kind} ${period.start}`}
          className={`grid gap-1 px-2 py-3 sm:grid-cols-[8.5rem_13rem_minmax(0,1fr)] sm:gap-4 ${
            period.current ? "bg-ember-500/10" : ""
          }`}
          data-period={period.kind}
          aria-current={period.current ? "date" : undefined}
        >
          <p className="font-bold text-white">
            {`${copy.periods[period.kind]} · ${weeksOf(period.start, period.last)}`}
            {period.current ? (
              <span className="ml-2 text-xs font-extrabold uppercase text-ember-300 sm:ml-0 sm:block">
                Now
              </span>
            ) : null}
          </p>
          <p className="text-ink-100">
            {`${formatDay(period.start)} – ${formatDay(period.last)}`}
            {period.servingsCarried ? (
              <span className="block text-xs text-ink-300">{`${period.servingsCarried} servings carried over`}</span>
            ) : null}
          </p>
          {period.charges.length === 0 ? (
            <p className="text-ink-300">No charge</p>
          ) : (
            <ul className="space-y-1">
              {period.charges.map((charge) => (
                <li key={charge.number} data-charge={charge.status}>
                  <span className="font-bold text-white">{`Bottle ${charge.number}, ${formatDay(charge.date)}: `}</span>
                  <span
                    className={
                      charge.status === "unpaid" || charge.status === "due"
                        ? "text-danger-400"
                        : "text-ink-100"
                    }
                  >
                    {copy.charges[charge.status]}
                  </span>
                  {charge.orderNumber ? (
                    <>
                      {" · "}
                      <Link to={`/admin/orders/${charge.orderNumber}`} className={TEXT_LINK}>
                        {`order #${charge.orderNumber}`}
                      </Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

function OrdersOf({ orders }: { orders: AdminSubscriptionDetail["orders"] }) {
  if (orders.length === 0) return <p className="text-ink-200">No order yet.</p>;
  return (
    <SmallTable
      id="subscription-orders"
      caption="The subscription's orders, newest first"
      head={["Order", "Placed", "Total", "Payment"]}
    >
      {orders.map((order) => (
        <tr key={order.orderNumber} data-order={order.orderNumber}>
          <th scope="row" className="py-2 pr-4">
            <Link to={`/admin/orders/${order.orderNumber}`} className={TEXT_LINK}>
              {`#${order.orderNumber}`}
            </Link>
          </th>
          <td className="py-2 pr-4 text-ink-200">{dateTime(order.placedAt)}</td>
          <td className="py-2 pr-4 font-bold text-white">{order.total}</td>
          <td className="py-2 pr-4">
            <Badge tone={order.payment === "Paid" ? "good" : "wait"}>{order.payment}</Badge>
          </td>
        </tr>
      ))}
    </SmallTable>
  );
}

/** Each failed attempt, the latest first: when, which attempt, how much, and what came of it. */
function Failures({ failures }: { failures: AdminSubscriptionDetail["failures"] }) {
  if (failures.length === 0) return <p className="text-ink-200">No payment has failed.</p>;
  return (
    <ol className="divide-y divide-white/10 text-sm" data-testid="subscription-failures">
      {failures.map((failure) => (
        <li
          key={`${failure.invoiceId} ${failure.at} ${failure.attempt}`}
          className="py-3 first:pt-0 last:pb-0"
        >
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-bold text-white">{`Attempt ${failure.attempt}, ${failure.amount}`}</span>
            <span className="text-ink-200">{dateTime(failure.at)}</span>
          </p>
          <p className={failure.paidSince ? "text-success-400" : "text-ink-100"}>
            {failure.paidSince
              ? "Paid since"
              : failure.nextAttemptAt
                ? `Stripe tries again ${dateTime(failure.nextAttemptAt)}`
                : "No attempt left"}
          </p>
          <p className="text-xs text-ink-300 [overflow-wrap:anywhere]">{`Invoice ${failure.invoiceId}`}</p>
        </li>
      ))}
    </ol>
  );
}

/** One subscription: its standing and terms beside its calendar, orders and failed payments. */
export function SubscriptionDetailView({ detail }: { detail: AdminSubscriptionDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1.6fr_1fr]">
      <div className="grid min-w-0 content-start gap-6">
        <Card id="subscription-standing" title="Where it stands">
          <div className="flex flex-wrap items-center gap-3">
            <StateBadge state={detail.state} />
            {detail.pausedUntil ? (
              <span className="text-ink-200">{`On again ${formatDay(detail.pausedUntil)}`}</span>
            ) : null}
          </div>
          <p className="text-ink-200">{copy.stateHelp[detail.state]}</p>
          <Facts
            rows={[
              ["Next charge", <NextChargeWords key="next" next={detail.nextCharge} />],
              ["Paid orders", String(detail.paidOrders)],
              [
                "Failed payments",
                detail.failedPayments.count === 0
                  ? copy.noFailures
                  : `${detail.failedPayments.count}${
                      detail.failedPayments.latest
                        ? `, the latest ${dateTime(detail.failedPayments.latest.at)} (attempt ${detail.failedPayments.latest.attempt})`
                        : ""
                    }`,
              ],
            ]}
          />
        </Card>
        <Card id="subscription-calendar-card" title="Calendar">
          <p className="text-sm text-ink-200">{copy.calendarNote}</p>
          {detail.calendar ? <Calendar periods={detail.calendar} /> : <p>{copy.noCalendar}</p>}
        </Card>
        <Card id="subscription-orders-card" title={`Orders (${detail.orders.length})`}>
          <OrdersOf orders={detail.orders} />
        </Card>
        <Card id="subscription-failures-card" title={`Failed payments (${detail.failures.length})`}>
          <Failures failures={detail.failures} />
        </Card>
      </div>
      <div className="grid min-w-0 content-start gap-6">
        <Card id="subscription-terms" title="Terms">
          <Facts
            rows={[
              ["Product", detail.productTitle],
              ["Cycle", `${detail.cycle} weeks`],
              ["Bottles per delivery", String(detail.bottles)],
              ["Price per bottle", detail.pricePerBottle],
              ["Price per delivery", detail.pricePerDelivery],
              ["First charge", detail.startedOn ? formatDay(detail.startedOn) : "Not yet"],
              ["Created", dateTime(detail.createdAt)],
              ...(detail.canceledAt ? [["Cancelled", dateTime(detail.canceledAt)] as [string, string]] : []),
            ]}
          />
        </Card>
        <Card id="subscription-customer" title="Customer">
          {detail.customerEmail ? (
            <>
              <a href={`mailto:${detail.customerEmail}`} className={`${TEXT_LINK} [overflow-wrap:anywhere]`}>
                {detail.customerEmail}
              </a>
              <p>
                <Link
                  to={`/admin/orders?q=${encodeURIComponent(detail.customerEmail)}`}
                  className={TEXT_LINK}
                >
                  All this customer's orders
                </Link>
              </p>
            </>
          ) : (
            <p>No e-mail yet: Stripe gives it when the checkout completes.</p>
          )}
        </Card>
        <Card id="subscription-stripe" title="In Stripe">
          <Facts
            rows={[
              ["Subscription", detail.stripe.subscriptionId ?? "Not yet"],
              ["Customer", detail.stripe.customerId ?? "Not yet"],
              ["Checkout session", detail.stripe.checkoutSessionId],
            ]}
          />
        </Card>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// On the orders

/** The order list's mark on an order that came from a subscription: a link to it. */
export function SubscriptionMark({
  subscriptionId,
  orderNumber,
}: {
  subscriptionId: string;
  orderNumber: number;
}) {
  return (
    <Link
      to={subscriptionHref(subscriptionId)}
      aria-label={`Subscription of order #${orderNumber}`}
      className="mt-1 inline-flex min-h-6 items-center rounded-full border border-ember-400/70 px-2.5 text-xs font-extrabold text-ember-300 underline-offset-4 hover:underline"
      data-testid="subscription-badge"
    >
      Subscription
    </Link>
  );
}

/** On an order's page: the subscription it came from, and the subscription's other orders. */
export function OrderSubscriptionCard({ subscription }: { subscription: AdminOrderSubscription }) {
  const more = subscription.otherOrderCount - subscription.otherOrders.length;
  return (
    <Card id="order-subscription" title="Subscription">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone="good">Subscription order</Badge>
        <StateBadge state={subscription.state} />
      </div>
      <p>
        {`${subscription.bottles} bottle${subscription.bottles === 1 ? "" : "s"} per delivery, ${subscription.cycle} weeks. `}
        {subscription.nextCharge
          ? `Next charge ${formatDay(subscription.nextCharge.date)}, ${subscription.nextCharge.amount}.`
          : "No next charge."}
      </p>
      <Link to={subscriptionHref(subscription.id)} className={TEXT_LINK}>
        Open the subscription
      </Link>
      <h3 className="pt-2 text-sm font-extrabold uppercase tracking-wide text-ink-300">
        {`Its other orders (${subscription.otherOrderCount})`}
      </h3>
      {subscription.otherOrders.length === 0 ? (
        <p className="text-ink-200">This is its only order so far.</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="subscription-other-orders">
          {subscription.otherOrders.map((order) => (
            <li key={order.orderNumber}>
              <Link to={`/admin/orders/${order.orderNumber}`} className={TEXT_LINK}>
                {`#${order.orderNumber}`}
              </Link>
              {` · ${dateTime(order.placedAt)} · ${order.total} · ${order.payment}`}
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? <p className="text-sm text-ink-300">{`${more} more on the subscription's page.`}</p> : null}
    </Card>
  );
}

/** Beside the order list searched by an address: that customer's subscriptions. */
export function CustomerSubscriptions({ subscriptions }: { subscriptions: AdminCustomerSubscription[] }) {
  if (subscriptions.length === 0) return null;
  return (
    <section
      aria-labelledby="customer-subscriptions-heading"
      className="rounded-card border border-white/10 bg-ink-800 p-5"
      data-testid="customer-subscriptions"
    >
      <h2 id="customer-subscriptions-heading" className="font-extrabold text-white">
        {`This customer's subscriptions (${subscriptions.length})`}
      </h2>
      <ul className="mt-3 space-y-2">
        {subscriptions.map((subscription) => (
          <li key={subscription.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link to={subscriptionHref(subscription.id)} className={TEXT_LINK}>
              {`${subscription.cycle} weeks, since ${formatDay(subscription.createdAt)}`}
            </Link>
            <StateBadge state={subscription.state} />
            <span className="text-sm text-ink-200">
              {subscription.nextCharge
                ? `Next charge ${formatDay(subscription.nextCharge.date)}, ${subscription.nextCharge.amount}`
                : "No next charge"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
