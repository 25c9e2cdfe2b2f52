import { Link } from "react-router";
import { TEXT_LINK } from "~/components/ui/text-link";
import type { AdminOrderRow } from "~/contracts/admin-orders";
import { Badge, dateTime, emailWords, RetrySyncForm, SyncCell } from "./order-states";
import { SubscriptionMark } from "./subscriptions";

/** Recent orders: one row each, the retry button beside a sync that needs a person. */
export function OrdersTable({
  orders,
  page,
  query,
}: {
  orders: AdminOrderRow[];
  page: number;
  query: string | null;
}) {
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
                  <Link to={`/admin/orders/${order.orderNumber}`} className={TEXT_LINK}>
                    {`#${order.orderNumber}`}
                  </Link>
                  {order.subscriptionId ? (
                    <div>
                      <SubscriptionMark
                        subscriptionId={order.subscriptionId}
                        orderNumber={order.orderNumber}
                      />
                    </div>
                  ) : null}
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
                    <RetrySyncForm
                      syncId={order.retrySyncId}
                      orderNumber={order.orderNumber}
                      page={page}
                      query={query}
                    />
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
