import { buttonClass } from "~/components/ui/button-link";
import type { AdminEmailState, AdminOrderRow, AdminSyncState } from "~/contracts/admin-orders";

const badge = {
  good: "border-success-400/60 text-success-400",
  wait: "border-ink-400 text-ink-100",
  bad: "border-danger-400 text-danger-400",
} as const;

function Badge({ tone, children }: { tone: keyof typeof badge; children: string }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-extrabold ${badge[tone]}`}
    >
      {children}
    </span>
  );
}

/** A moment in the back office: date and time, in UTC (the operator may be anywhere). */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });

function SyncCell({ sync }: { sync: AdminSyncState }) {
  switch (sync.state) {
    case "none":
      return <Badge tone="wait">Not queued</Badge>;
    case "pending":
      return <Badge tone="wait">Pending</Badge>;
    case "sending":
      return <Badge tone="wait">Sending</Badge>;
    case "sent":
      return <Badge tone="good">{`Sent${sync.shopifyOrderName ? ` · ${sync.shopifyOrderName}` : ""}`}</Badge>;
    case "failing":
    case "failed":
      return (
        <div className="max-w-xs">
          <Badge tone="bad">
            {sync.state === "failed"
              ? `Failed after ${sync.attempts} attempt${sync.attempts === 1 ? "" : "s"}`
              : `Failing · attempt ${sync.attempts}`}
          </Badge>
          {sync.lastError ? <p className="mt-1 break-words text-xs text-ink-200">{sync.lastError}</p> : null}
          {sync.state === "failing" ? (
            <p className="mt-1 text-xs text-ink-300">Next try {dateTime(sync.nextAttemptAt)}</p>
          ) : null}
        </div>
      );
  }
}

const emailWords: Record<AdminEmailState, [string, keyof typeof badge]> = {
  none: ["None", "bad"],
  pending: ["Queued", "wait"],
  sending: ["Sending", "wait"],
  retrying: ["Retrying", "bad"],
  sent: ["Sent", "good"],
  failed: ["Failed", "bad"],
};

/** Recent orders: one row each, the retry button beside a sync that needs a person. */
export function OrdersTable({ orders, page }: { orders: AdminOrderRow[]; page: number }) {
  return (
    <section
      className="overflow-x-auto rounded-card border border-white/10 bg-ink-800"
      aria-labelledby="orders-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone, so a keyboard must reach it (axe scrollable-region-focusable).
      tabIndex={0}
    >
      <table className="w-full min-w-[56rem] text-left text-sm" data-testid="admin-orders">
        <caption id="orders-caption" className="sr-only">
          Recent orders, newest first
        </caption>
        <thead className="border-b border-white/10 text-xs uppercase tracking-wide text-ink-300">
          <tr>
            <th scope="col" className="px-4 py-3">
              Order
            </th>
            <th scope="col" className="px-4 py-3">
              Placed
            </th>
            <th scope="col" className="px-4 py-3">
              Customer
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Total
            </th>
            <th scope="col" className="px-4 py-3">
              Payment
            </th>
            <th scope="col" className="px-4 py-3">
              Shopify
            </th>
            <th scope="col" className="px-4 py-3">
              Confirmation e-mail
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {orders.map((order) => {
            const [emailText, emailTone] = emailWords[order.confirmationEmail];
            return (
              <tr key={order.orderNumber} data-order={order.orderNumber} className="align-top">
                <th scope="row" className="px-4 py-3 font-black text-white">
                  {`#${order.orderNumber}`}
                </th>
                <td className="whitespace-nowrap px-4 py-3 text-ink-200">{dateTime(order.placedAt)}</td>
                <td className="break-all px-4 py-3 text-ink-100">{order.customerEmail}</td>
                <td className="px-4 py-3 text-right font-bold text-white">{order.total}</td>
                <td className="px-4 py-3">
                  <Badge tone={order.refunded ? "wait" : "good"}>{order.payment}</Badge>
                </td>
                <td className="px-4 py-3" data-testid="sync-state">
                  <SyncCell sync={order.sync} />
                  {order.retrySyncId ? (
                    <form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="retry-sync" />
                      <input type="hidden" name="syncId" value={order.retrySyncId} />
                      <input type="hidden" name="page" value={page} />
                      <button
                        type="submit"
                        className={buttonClass("secondary", "sm")}
                        aria-label={`Retry sync of order #${order.orderNumber}`}
                      >
                        Retry sync
                      </button>
                    </form>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <Badge tone={emailTone}>{emailText}</Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
