import { Link } from "react-router";
import { TEXT_LINK } from "~/components/ui/text-link";
import { paths, support } from "~/content/site";
import type { OrderTrackingView } from "~/contracts/order-tracking";

const totalRowClass: Record<OrderTrackingView["totals"][number]["kind"], string> = {
  line: "text-ink-200",
  discount: "text-success-400",
  total: "mt-2 border-t border-white/20 pt-4 text-lg font-black text-white",
  refund: "text-gold-400 font-bold",
};

/** What was bought and what it cost: the items, then subtotal, discount, shipping, tax, total, refunds. */
export function OrderItems({ order }: { order: OrderTrackingView }) {
  return (
    <section
      aria-labelledby="items-heading"
      className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
    >
      <h2 id="items-heading" className="text-lg font-black text-white">
        Items
      </h2>
      <ul className="mt-4 divide-y divide-white/10" data-testid="order-items">
        {order.items.map((item) => (
          <li key={item.name} className="flex items-start justify-between gap-4 py-4">
            <span>
              <span className="block font-bold text-white">{item.name}</span>
              <span className="mt-0.5 block text-sm text-ink-300">
                Qty {item.quantity} × {item.unitFormatted}
              </span>
            </span>
            <span className="font-bold text-white">{item.formatted}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-white/10 pt-4" data-testid="order-totals">
        {order.totals.map((row) => (
          <div key={row.label} className={`flex justify-between gap-4 ${totalRowClass[row.kind]}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Where it goes, where the e-mails go, and whom to ask. */
export function OrderSideFacts({ order }: { order: OrderTrackingView }) {
  return (
    <div className="grid content-start gap-6">
      <section
        aria-labelledby="address-heading"
        className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
      >
        <h2 id="address-heading" className="text-lg font-black text-white">
          Shipping address
        </h2>
        {order.address.length > 0 ? (
          <address className="mt-3 not-italic leading-relaxed text-ink-100" data-testid="order-address">
            {order.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p className="mt-3 text-ink-200">No shipping address was given with this order.</p>
        )}
        <h2 className="mt-6 text-lg font-black text-white">Updates go to</h2>
        <p className="mt-3 break-all text-ink-100">{order.email}</p>
      </section>
      <section
        aria-labelledby="help-heading"
        className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
      >
        <h2 id="help-heading" className="text-lg font-black text-white">
          Need help with this order?
        </h2>
        <p className="mt-3 text-ink-200">
          Write to{" "}
          <a href={`mailto:${support.email}?subject=Order%20%23${order.orderNumber}`} className={TEXT_LINK}>
            {support.email}
          </a>{" "}
          with your order number, or use our{" "}
          <Link to={`${paths.contact}?topic=order&order=${order.orderNumber}`} className={TEXT_LINK}>
            contact page
          </Link>
          .
        </p>
        <p className="mt-3 text-ink-200">
          Not for you? Every order has a{" "}
          <Link to={`${paths.guarantee}?order=${order.orderNumber}`} className={TEXT_LINK}>
            60-day money-back guarantee
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
