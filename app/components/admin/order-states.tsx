import { buttonClass } from "~/components/ui/button-link";
import type { AdminEmailState, AdminSyncState } from "~/contracts/admin-orders";
import { AdminNotice } from "./admin-frame";

/**
 * How the back office shows where an order stands (its payment, its copy in Shopify, its e-mails) and the
 * one action a stuck sync needs: shared by the order list and an order's own page.
 */

const badge = {
  good: "border-success-400/60 text-success-400",
  wait: "border-ink-400 text-ink-100",
  bad: "border-danger-400 text-danger-400",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof badge; children: string }) {
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

export function SyncCell({ sync }: { sync: AdminSyncState }) {
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

export const emailWords: Record<AdminEmailState, [string, keyof typeof badge]> = {
  none: ["None", "bad"],
  pending: ["Queued", "wait"],
  sending: ["Sending", "wait"],
  retrying: ["Retrying", "bad"],
  sent: ["Sent", "good"],
  failed: ["Failed", "bad"],
};

/**
 * "Retry sync": posts to the order list's action, which answers on the order's own page when
 * `orderNumber` is given, else on the list's `page` (so does "Close request").
 */
export function RetrySyncForm({
  syncId,
  orderNumber,
  page,
  query,
  returnToOrder = false,
}: {
  syncId: string;
  orderNumber: number;
  page?: number;
  /** The list's search, kept across the retry. */
  query?: string | null;
  returnToOrder?: boolean;
}) {
  return (
    <form method="post" action="/admin/orders" className="mt-2">
      <input type="hidden" name="intent" value="retry-sync" />
      <input type="hidden" name="syncId" value={syncId} />
      {returnToOrder ? <input type="hidden" name="orderNumber" value={orderNumber} /> : null}
      {page ? <input type="hidden" name="page" value={page} /> : null}
      {query ? <input type="hidden" name="q" value={query} /> : null}
      <button
        type="submit"
        className={buttonClass("secondary", "sm")}
        aria-label={`Retry sync of order #${orderNumber}`}
      >
        Retry sync
      </button>
    </form>
  );
}

/**
 * "Close request" on an open guarantee request, once the payment is refunded in Stripe: posted to the
 * order list's action, which answers on the order's page when `returnToOrder`, else on the list.
 */
export function CloseGuaranteeForm({
  requestId,
  orderNumber,
  returnToOrder = false,
  className,
}: {
  requestId: string;
  orderNumber: number;
  returnToOrder?: boolean;
  className?: string;
}) {
  return (
    <form method="post" action="/admin/orders" className={className}>
      <input type="hidden" name="intent" value="close-guarantee" />
      <input type="hidden" name="requestId" value={requestId} />
      {returnToOrder ? <input type="hidden" name="orderNumber" value={orderNumber} /> : null}
      <button type="submit" className={buttonClass("secondary", "sm")}>
        {`Close request #${orderNumber}`}
      </button>
    </form>
  );
}

/** What became of a "Retry sync" (the action's redirect says, in `retried`); nothing without one. */
export function RetryOutcome({ retried }: { retried: boolean | null }) {
  if (retried === null) return null;
  return retried ? (
    <AdminNotice tone="info">The sync is queued again: it is sent to Shopify in a moment.</AdminNotice>
  ) : (
    <AdminNotice tone="problem">
      That sync was not waiting for a retry (it may have been sent meanwhile).
    </AdminNotice>
  );
}

/** What became of a "Close request" on a guarantee request (`closed` in the redirect). */
export function CloseOutcome({ closed }: { closed: boolean | null }) {
  if (closed === null) return null;
  return closed ? (
    <AdminNotice tone="info">The guarantee request is closed.</AdminNotice>
  ) : (
    <AdminNotice tone="problem">That request was not open (it may have been closed meanwhile).</AdminNotice>
  );
}
