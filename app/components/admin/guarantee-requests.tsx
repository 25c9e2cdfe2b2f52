import { Link } from "react-router";
import { TEXT_LINK } from "~/components/ui/text-link";
import type { OpenGuaranteeRequest } from "~/contracts/admin-orders";
import { CloseGuaranteeForm, dateTime } from "./order-states";

/**
 * The open 60-day guarantee requests, oldest first, above the orders (issue 17 item 3). The operator
 * refunds the payment in Stripe (the refund is mirrored to Shopify by itself), then closes the request.
 */
export function GuaranteeRequests({ requests }: { requests: OpenGuaranteeRequest[] }) {
  return (
    <section aria-labelledby="guarantee-requests-heading" className="space-y-4">
      <h2 id="guarantee-requests-heading" className="text-xl font-extrabold text-white">
        Open guarantee requests <span className="font-normal text-ink-300">({requests.length})</span>
      </h2>
      {requests.length === 0 ? (
        <p className="rounded-card border border-white/10 bg-ink-800 p-5 text-ink-200">No open requests.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {requests.map((request) => (
            <li key={request.id} className="rounded-card border border-ember-500/40 bg-ink-800 p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-lg font-extrabold text-white">
                  <Link to={`/admin/orders/${request.orderNumber}`} className={TEXT_LINK}>
                    {`Order #${request.orderNumber}`}
                  </Link>
                </p>
                <p className="text-sm text-ink-300">{dateTime(request.requestedAt)}</p>
              </div>
              <p className="mt-1 break-all text-ink-200">{request.email}</p>
              <p className="mt-1 text-ink-200">
                Total {request.total}
                {request.refunded ? ` · refunded ${request.refunded}` : " · not refunded yet"}
              </p>
              <p className="mt-3 whitespace-pre-wrap break-words text-ink-100">
                {request.reason ?? <span className="text-ink-300">No reason given.</span>}
              </p>
              <CloseGuaranteeForm requestId={request.id} orderNumber={request.orderNumber} className="mt-4" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
