import { useEffect, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { Icon, type IconName } from "~/components/ui/icon";
import { TEXT_LINK } from "~/components/ui/text-link";
import { messages } from "~/content/messages";
import { dosing, guarantee, kitFacts, shipping, usageGuidance } from "~/content/product";
import { support } from "~/content/site";
import { addressLines, type OrderContents } from "~/contracts/order-view";
import {
  confirmationState,
  type EmailStatus,
  startConfirmation,
  subscribeConfirmation,
} from "~/lib/order-confirmation";
import { showToast } from "~/lib/toast";

const statusBadge: Record<Exclude<EmailStatus, "none">, { text: string; className: string }> = {
  sending: { text: messages.confirmationEmail.sending, className: "border-ember-400/60 text-ember-300" },
  sent: { text: messages.confirmationEmail.sent, className: "border-success-400/60 text-success-400" },
  error: { text: messages.confirmationEmail.error, className: "border-danger-400 text-danger-400" },
};

/** `for`: shown only once the order is known to hold it (no kit results promised without the kit). */
const nextSteps: { icon: IconName; title: string; text: string; for?: keyof OrderContents }[] = [
  {
    icon: "truck",
    title: shipping.dispatch,
    text: `${shipping.label}, with tracking by e-mail once it leaves us.`,
  },
  {
    icon: "clock",
    title: dosing.label,
    text: usageGuidance,
    for: "enhancer",
  },
  {
    icon: "flask",
    title: "Your kit results",
    text: `Ready ${kitFacts.resultsTiming}, and ${kitFacts.keptOnline}.`,
    for: "testKit",
  },
  {
    icon: "shield",
    title: guarantee.label,
    text: `Not for you? Tell us within ${guarantee.days} days for a full refund.`,
  },
];

/** The order, the confirmation e-mail's status, and what happens next (spec §2, §4). */
export function OrderConfirmation({ sessionId }: { sessionId: string }) {
  const state = useSyncExternalStore(
    (listener) => subscribeConfirmation(sessionId, listener),
    () => confirmationState(sessionId),
    () => confirmationState(sessionId),
  );

  useEffect(() => {
    startConfirmation(sessionId, () =>
      showToast({ ...messages.confirmationEmail.failed, variant: "destructive" }),
    );
  }, [sessionId]);

  const { order, emailStatus } = state;
  const badge = emailStatus === "none" ? null : statusBadge[emailStatus];

  if (state.problem) {
    return (
      <div className="container-page py-14">
        <div
          role="alert"
          className="max-w-2xl rounded-card border border-danger-400/60 bg-ink-800 p-6 sm:p-8"
        >
          <h2 className="text-2xl font-black text-white">We couldn't confirm this order</h2>
          <p className="mt-3 text-ink-100">{state.problem}</p>
          <p className="mt-3 text-ink-200">
            Questions? Write to{" "}
            <a href={`mailto:${support.email}`} className={TEXT_LINK}>
              {support.email}
            </a>
            .
          </p>
          <Link to="/" className={`mt-6 inline-block ${TEXT_LINK}`}>
            Return to Home
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="container-page grid gap-6 py-14 lg:grid-cols-[1.2fr_1fr]">
      <section
        aria-labelledby="order-heading"
        aria-busy={!order}
        className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="order-heading" className="text-2xl font-black text-white">
            Your order
          </h2>
          {order ? (
            <p className="text-sm font-bold text-ink-200">
              Order{" "}
              <span className="text-white" data-testid="order-number">
                #{order.orderNumber}
              </span>
            </p>
          ) : null}
        </div>
        {order ? (
          <>
            <ul className="mt-6 divide-y divide-white/10" aria-label="Items">
              {order.items.map((item) => (
                <li key={item.name} className="flex items-start justify-between gap-4 py-3">
                  <span className="text-ink-100">
                    {item.name} <span className="text-ink-300">× {item.quantity}</span>
                  </span>
                  <span className="font-bold text-white">{item.formatted}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-2 space-y-1 border-t border-white/10 pt-3 text-sm">
              {order.adjustments.map((adjustment) => (
                <div key={adjustment.label} className="flex justify-between">
                  <dt className="text-ink-300">{adjustment.label}</dt>
                  <dd className="text-ink-100">{adjustment.formatted}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 flex justify-between border-t border-white/20 pt-4 text-lg font-black text-white">
              <span>Total</span>
              <span data-testid="order-total">{order.total.formatted}</span>
            </p>
            <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-bold text-ink-300">Confirmation to</dt>
                <dd className="mt-1 break-all text-white" data-testid="order-email">
                  {state.email}
                </dd>
              </div>
              {order.shippingAddress ? (
                <div>
                  <dt className="font-bold text-ink-300">Shipping to</dt>
                  <dd className="mt-1 text-white">
                    {addressLines(order.shippingAddress).map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </dd>
                </div>
              ) : null}
            </dl>
          </>
        ) : (
          <div className="mt-6 space-y-3" aria-hidden="true">
            <div className="h-5 w-3/4 animate-pulse rounded bg-ink-600" />
            <div className="h-5 w-1/2 animate-pulse rounded bg-ink-600" />
            <div className="h-6 w-1/3 animate-pulse rounded bg-ink-600" />
          </div>
        )}
      </section>

      <div className="grid content-start gap-6">
        <section
          aria-labelledby="email-heading"
          className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="email-heading" className="flex items-center gap-2 text-lg font-black text-white">
              <Icon name="mail" className="size-5 text-ember-400" />
              Confirmation email
            </h2>
            <p role="status" className="min-h-8" data-testid="email-status">
              {badge ? (
                <span
                  className={`inline-flex rounded-full border px-3 py-1 text-sm font-extrabold ${badge.className}`}
                >
                  {badge.text}
                </span>
              ) : null}
            </p>
          </div>
          {emailStatus === "sent" ? (
            <p className="mt-3 text-ink-100">{messages.confirmationEmail.sentDescription}</p>
          ) : null}
          {emailStatus === "error" ? (
            <p className="mt-3 text-ink-100">
              {messages.confirmationEmail.failed.description} Write to{" "}
              <a href={`mailto:${support.email}`} className={TEXT_LINK}>
                {support.email}
              </a>
              ; your order is safe and we keep trying to send it.
            </p>
          ) : null}
        </section>

        <section
          aria-labelledby="next-heading"
          className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
        >
          <h2 id="next-heading" className="text-lg font-black text-white">
            What happens next
          </h2>
          <ol className="mt-5 space-y-5">
            {nextSteps
              .filter((step) => !step.for || order?.contents[step.for])
              .map((step) => (
                <li key={step.title} className="flex gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ember-500/15 text-ember-400">
                    <Icon name={step.icon} className="size-5" />
                  </span>
                  <span>
                    <span className="block font-extrabold text-white">{step.title}</span>
                    <span className="mt-0.5 block text-sm text-ink-200">{step.text}</span>
                  </span>
                </li>
              ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
