import { Icon } from "~/components/ui/icon";
import { TEXT_LINK } from "~/components/ui/text-link";
import type { OrderTrackingStatus } from "~/contracts/order-tracking";

const toneClass: Record<OrderTrackingStatus["tone"], string> = {
  progress: "bg-ember-500/15 text-ember-400",
  success: "bg-success-400/15 text-success-400",
  warning: "bg-gold-400/15 text-gold-400",
};

/**
 * A tracking number moves to a line of its own rather than break; only one longer than the whole line
 * breaks, anywhere (a number has no words to break at).
 */
const TRACKING_NUMBER = "inline-block max-w-full [overflow-wrap:anywhere]";

/** Where the order stands: the headline, the four steps, each shipment's tracking, and a stale note. */
export function OrderStatus({ status }: { status: OrderTrackingStatus }) {
  return (
    <section
      aria-labelledby="status-heading"
      className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
      data-testid="order-status"
      data-progress={status.progress}
    >
      <div className="flex items-start gap-4">
        <span
          className={`flex size-12 shrink-0 items-center justify-center rounded-full ${toneClass[status.tone]}`}
        >
          <Icon
            name={status.progress === "delivered" ? "check" : status.steps.length ? "truck" : "alert"}
            className="size-6"
            strokeWidth={2.25}
          />
        </span>
        <div>
          <h2 id="status-heading" className="text-2xl font-black text-white">
            {status.headline}
          </h2>
          <p className="mt-1 text-ink-200">{status.detail}</p>
        </div>
      </div>

      {status.steps.length > 0 ? (
        <ol className="mt-8 grid gap-3 sm:grid-cols-4 sm:gap-0" aria-label="Order progress">
          {status.steps.map((step, index) => (
            <li
              key={step.label}
              className="relative flex items-center gap-3 sm:flex-col sm:items-start sm:gap-2"
              aria-current={step.state === "current" ? "step" : undefined}
            >
              <span className="flex w-full items-center max-sm:w-auto">
                <span
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-black ${
                    step.state === "upcoming"
                      ? "border-ink-500 text-ink-300"
                      : step.state === "current"
                        ? "border-ember-500 bg-ember-500 text-ink-950 ring-4 ring-ember-500/25"
                        : "border-ember-500 bg-ember-500 text-ink-950"
                  }`}
                >
                  {step.state === "upcoming" ? (
                    index + 1
                  ) : (
                    <Icon name="check" className="size-4" strokeWidth={3} />
                  )}
                </span>
                {index < status.steps.length - 1 ? (
                  <span
                    aria-hidden="true"
                    className={`mx-2 hidden h-0.5 flex-1 rounded sm:block ${
                      step.state === "done" ? "bg-ember-500" : "bg-ink-600"
                    }`}
                  />
                ) : null}
              </span>
              <span
                className={`text-sm font-bold ${step.state === "upcoming" ? "text-ink-300" : "text-white"}`}
              >
                {step.label}
                <span className="sr-only">
                  {step.state === "done"
                    ? " (done)"
                    : step.state === "current"
                      ? " (current step)"
                      : " (to come)"}
                </span>
              </span>
            </li>
          ))}
        </ol>
      ) : null}

      {status.shipments.length > 0 ? (
        <ul className="mt-8 space-y-3" aria-label="Shipments">
          {status.shipments.map((shipment, index) => (
            <li
              // Shipments are listed in Shopify's order and never reordered on the page.
              // biome-ignore lint/suspicious/noArrayIndexKey: a shipment may have no number of its own
              key={index}
              className="rounded-xl border border-white/10 bg-ink-900 p-4"
              data-testid="shipment"
            >
              <p className="font-bold text-white">
                {shipment.carrier ?? "Carrier"}
                {shipment.shippedOn ? (
                  <span className="font-normal text-ink-300"> · shipped {shipment.shippedOn}</span>
                ) : null}
                {shipment.deliveredOn ? (
                  <span className="font-normal text-ink-300"> · delivered {shipment.deliveredOn}</span>
                ) : null}
              </p>
              {shipment.trackingNumber ? (
                <p className="mt-1 text-ink-200">
                  Tracking number{" "}
                  {shipment.trackingUrl ? (
                    <a
                      href={shipment.trackingUrl}
                      className={`${TEXT_LINK} ${TRACKING_NUMBER}`}
                      rel="noreferrer noopener"
                      target="_blank"
                    >
                      {shipment.trackingNumber}
                      <span className="sr-only"> (track the package; opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className={`${TRACKING_NUMBER} font-bold text-white`}>
                      {shipment.trackingNumber}
                    </span>
                  )}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {status.lastChecked ? (
        <p className="mt-6 flex items-center gap-2 text-sm text-ink-300" data-testid="status-checked">
          <Icon name="clock" className="size-4 shrink-0 text-ink-400" />
          {status.lastChecked}
        </p>
      ) : null}

      {status.staleNote ? (
        <p
          className="mt-6 flex gap-2 rounded-xl border border-gold-400/40 bg-gold-400/10 p-4 text-sm text-ink-100"
          data-testid="status-stale"
        >
          <Icon name="clock" className="mt-0.5 size-4 shrink-0 text-gold-400" />
          {status.staleNote}
        </p>
      ) : null}
    </section>
  );
}
