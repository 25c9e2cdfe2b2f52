import { useSyncExternalStore } from "react";
import { confirmationState, subscribeConfirmation } from "~/lib/order-confirmation";

/**
 * The payment-success page's opening line, which says only what is known: a payment is "received" once
 * the server has confirmed the order, never from the URL alone (a link with an unknown or unpaid
 * session would otherwise thank the visitor for an order that does not exist). Two lines' height is
 * kept from the first paint, so the changing text never moves the page.
 */
export function PaymentLead({ sessionId }: { sessionId: string }) {
  const state = useSyncExternalStore(
    (listener) => subscribeConfirmation(sessionId, listener),
    () => confirmationState(sessionId),
    () => confirmationState(sessionId),
  );
  const text = state.order
    ? "Payment received. Thank you for your order: here is what you bought and what happens next."
    : state.problem
      ? "We could not confirm a payment for this link. What we know is below."
      : "Checking your payment with Stripe. Your order and what happens next appear below.";
  return (
    <p className="min-h-[3.5em]" data-testid="payment-lead">
      {text}
    </p>
  );
}
