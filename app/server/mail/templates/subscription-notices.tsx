import { Button } from "@react-email/button";
import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import { z } from "zod";
import { brand } from "~/content/site";
import { formatMoney } from "~/shared/money";
import { EmailLayout, emailButton, emailSmall, emailText } from "./layout";

/**
 * A subscriber's notices from Stripe's events (issue 36 item 4, decision 130): a payment that failed
 * (with the link to fix the card, each attempt) and the subscription's end (the customer's own, or
 * Stripe's after the retries ran out). No health data: amounts, dates and links only.
 */

export const paymentFailedPayload = z.object({
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  /**
   * The subscriber's page on this site (/account/subscription), whose button opens Stripe's customer
   * portal in a fresh session: a portal session in an e-mail would expire (decision 132).
   */
  fixCardUrl: z.url(),
  /** ISO date (YYYY-MM-DD) of Stripe's next attempt, or null when none is left. */
  nextAttemptOn: z.string().nullable(),
});
export type PaymentFailedNotice = z.infer<typeof paymentFailedPayload>;

export const subscriptionCanceledPayload = z.object({
  productTitle: z.string().min(1).max(200),
  /**
   * `payment_failed`: Stripe's retries ran out; `requested`: the subscriber cancelled on the site;
   * `outside`: cancelled in Stripe's dashboard (by the shop's staff, perhaps at the subscriber's word).
   */
  reason: z.enum(["payment_failed", "requested", "outside"]),
});
export type SubscriptionCanceledNotice = z.infer<typeof subscriptionCanceledPayload>;

const para = (text: string) => (
  <Text key={text} style={emailText}>
    {text}
  </Text>
);

function failedLines(notice: PaymentFailedNotice): string[] {
  const amount = formatMoney(notice.amount, notice.currency);
  return [
    `We could not take ${amount} for your ${brand.name} subscription: your bank declined the card.`,
    notice.nextAttemptOn
      ? `We will try again on ${notice.nextAttemptOn}. Update your card before then and the next bottle ships as planned.`
      : "No further attempt is scheduled. Update your card to keep your subscription.",
    "Sign in with this e-mail address on your subscription page, then choose Update card or billing address.",
  ];
}

export async function renderPaymentFailed(notice: PaymentFailedNotice) {
  const lines = failedLines(notice);
  const subject = `Your ${brand.name} subscription payment did not go through`;
  return {
    subject,
    html: await render(
      <EmailLayout preview={lines[0] as string}>
        {lines.map(para)}
        <Button href={notice.fixCardUrl} style={emailButton}>
          Update your card
        </Button>
        <Text style={{ ...emailSmall, marginTop: "16px" }}>
          If the button does not work, open this address: {notice.fixCardUrl}
        </Text>
      </EmailLayout>,
    ),
    text: [subject, "", ...lines, "", "Update your card:", notice.fixCardUrl].join("\n"),
  };
}

function canceledLines(notice: SubscriptionCanceledNotice): string[] {
  return [
    notice.reason === "payment_failed"
      ? `Your ${notice.productTitle} subscription is cancelled: the payment failed on every attempt.`
      : notice.reason === "requested"
        ? `Your ${notice.productTitle} subscription is cancelled, as you asked.`
        : `Your ${notice.productTitle} subscription has been cancelled.`,
    "Nothing more will be charged and nothing more will ship. Bottles already paid for still ship.",
    ...(notice.reason === "outside"
      ? ["If you did not ask for this, reply to this e-mail and we will look into it."]
      : []),
    "You can subscribe again at any time.",
  ];
}

export async function renderSubscriptionCanceled(notice: SubscriptionCanceledNotice) {
  const lines = canceledLines(notice);
  const subject = `Your ${brand.name} subscription is cancelled`;
  return {
    subject,
    html: await render(<EmailLayout preview={lines[0] as string}>{lines.map(para)}</EmailLayout>),
    text: [subject, "", ...lines].join("\n"),
  };
}
