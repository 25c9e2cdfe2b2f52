import type { ReactNode } from "react";
import { OrderItems } from "~/components/orders/order-details";
import { OrderStatus } from "~/components/orders/order-status";
import { TEXT_LINK } from "~/components/ui/text-link";
import type { AdminOrderDetail } from "~/contracts/admin-orders";
import { Badge, CloseGuaranteeForm, dateTime, emailWords, RetrySyncForm, SyncCell } from "./order-states";

/** A titled card of the order's page; `id` names its heading (and the card, for tests). */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid={id}
      className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
    >
      <h2 id={`${id}-heading`} className="text-lg font-black text-white">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-ink-100">{children}</div>
    </section>
  );
}

/** Label and value pairs; a long id (Stripe's) breaks where it must rather than widen a phone's screen. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="space-y-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-extrabold uppercase tracking-wide text-ink-300">{label}</dt>
          <dd className="[overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Emails({ emails }: { emails: AdminOrderDetail["emails"] }) {
  if (emails.length === 0) return <p className="text-ink-200">None yet.</p>;
  return (
    <ul className="divide-y divide-white/10">
      {emails.map((email) => {
        const [words, tone] = emailWords[email.state];
        return (
          <li key={`${email.label} ${email.to}`} className="py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-bold text-white">{email.label}</span>
              <Badge tone={tone}>{words}</Badge>
            </div>
            <p className="mt-1 text-sm text-ink-200 [overflow-wrap:anywhere]">
              {`To ${email.to} · ${dateTime(email.at)}`}
              {email.attempts > 1 ? ` · ${email.attempts} attempts` : ""}
            </p>
            {email.lastError && email.state !== "sent" ? (
              <p className="mt-1 break-words text-xs text-danger-400">{email.lastError}</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One order in the back office: on the left what the shopper's page shows (status, items, totals), on
 * the right what the operator needs to answer them: the shopper, the payment in Stripe, the copy in
 * Shopify, the e-mails, refunds, guarantee and review, and a fresh link to the shopper's page.
 */
export function AdminOrderDetailView({ detail, aside }: { detail: AdminOrderDetail; aside?: ReactNode }) {
  const { view } = detail;
  return (
    <div className="grid gap-6 lg:grid-cols-[1.5fr_1fr]">
      <div className="grid min-w-0 content-start gap-6">
        <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ink-300">
          As the shopper's page shows it
        </p>
        <OrderStatus status={view.status} />
        <OrderItems order={view} />
        <Card id="order-emails" title="E-mails">
          <Emails emails={detail.emails} />
        </Card>
      </div>
      <div className="grid min-w-0 content-start gap-6">
        <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ink-300">For the back office</p>
        {aside}
        <Card id="order-customer" title="Shopper">
          <Facts
            rows={[
              ["Name", detail.customerName ?? "Not given"],
              [
                "E-mail",
                <a key="email" href={`mailto:${detail.customerEmail}`} className={TEXT_LINK}>
                  {detail.customerEmail}
                </a>,
              ],
              [
                "Ships to",
                view.address.length > 0 ? (
                  <address key="address" className="not-italic">
                    {view.address.map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                ) : (
                  "No shipping address was given"
                ),
              ],
            ]}
          />
        </Card>
        <Card id="order-payment" title="Payment">
          <Badge tone={detail.refunded ? "wait" : "good"}>{detail.payment}</Badge>
          <Facts
            rows={[
              ["Placed", dateTime(detail.placedAt)],
              ...(detail.promotionCode ? [["Promotion code", detail.promotionCode] as [string, string]] : []),
              // A subscription's order comes from a Stripe invoice, not a Checkout Session (decision 130).
              [
                detail.subscriptionId ? "Stripe invoice" : "Stripe Checkout session",
                detail.stripe.checkoutSessionId,
              ],
              ["Stripe payment", detail.stripe.paymentIntentId ?? "Not recorded"],
            ]}
          />
          {detail.refunds.length > 0 ? (
            <ul className="space-y-1 text-sm" aria-label="Refunds">
              {detail.refunds.map((refund) => (
                <li key={refund.stripeRefundId}>
                  {`Refunded ${refund.amount} · ${dateTime(refund.at)}${refund.reason ? ` · ${refund.reason}` : ""}`}
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
        <Card id="order-shopify" title="Shopify">
          <SyncCell sync={detail.sync} />
          {detail.retrySyncId ? (
            <RetrySyncForm syncId={detail.retrySyncId} orderNumber={detail.orderNumber} returnToOrder />
          ) : null}
        </Card>
        <Card id="order-aftercare" title="Guarantee and review">
          <Facts
            rows={[
              [
                "60-day guarantee",
                detail.guarantee
                  ? `${detail.guarantee.open ? "Requested" : "Requested, closed"} ${dateTime(detail.guarantee.requestedAt)}${
                      detail.guarantee.reason ? `: “${detail.guarantee.reason}”` : ""
                    }`
                  : "Not requested",
              ],
              ["Review invitation", detail.reviewInvitation],
              [
                "Review",
                detail.review
                  ? `${detail.review.rating} of 5 stars · ${detail.review.state}`
                  : "None written",
              ],
            ]}
          />
          {detail.guarantee?.open ? (
            <>
              <p className="text-sm text-ink-200">
                Refund the payment in Stripe (the refund reaches Shopify by itself), then close the request.
              </p>
              <CloseGuaranteeForm
                requestId={detail.guarantee.id}
                orderNumber={detail.orderNumber}
                returnToOrder
              />
            </>
          ) : null}
        </Card>
        <Card id="order-shopper-link" title="The shopper's order page">
          <p className="text-sm text-ink-200">
            {`A fresh link, valid for ${detail.shopperLink.validForDays} days, for a shopper who lost the e-mail.`}
          </p>
          <label htmlFor="shopper-link" className="sr-only">
            Link to the shopper's order page
          </label>
          <input
            id="shopper-link"
            readOnly
            value={detail.shopperLink.url}
            className="block min-h-12 w-full rounded-xl border border-ink-500 bg-ink-900 px-3 font-mono text-xs text-white focus:border-ember-400 focus:outline-2 focus:outline-ember-400"
          />
          <a href={detail.shopperLink.url} className={TEXT_LINK}>
            Open it as the shopper sees it
          </a>
        </Card>
      </div>
    </div>
  );
}
