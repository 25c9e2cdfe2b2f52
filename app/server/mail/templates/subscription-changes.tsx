import { Button } from "@react-email/button";
import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import { z } from "zod";
import { brand, support } from "~/content/site";
import { formatMoney } from "~/shared/money";
import { EmailLayout, emailButton, emailSmall, emailText } from "./layout";

/**
 * A subscriber's own change on /account/subscription (issue 36 item 5, decision 132), confirmed in one
 * short e-mail: what changed, the next charge it leads to, and the page to change it again; or, for a
 * change that could not be carried to Stripe (decision 157), that it was not made. Amounts,
 * dates and the cycle only: nothing about the subscriber's health.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const common = {
  productTitle: z.string().min(1).max(200),
  /** The next charge after the change (null: none within the calendar's reach). */
  nextChargeOn: day.nullable(),
  /** Minor units charged per delivery after the change. */
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  manageUrl: z.url(),
};

export const subscriptionChangedPayload = z.discriminatedUnion("change", [
  z.object({ change: z.literal("skip"), skippedOn: day, ...common }),
  z.object({ change: z.literal("pause"), from: day, weeks: z.number().int().min(2).max(8), ...common }),
  z.object({
    change: z.literal("cycle"),
    from: day,
    weeksOn: z.number().int().min(8).max(12),
    weeksOff: z.number().int().min(2).max(4),
    ...common,
  }),
  z.object({
    change: z.literal("quantity"),
    quantity: z.number().int().min(1).max(6),
    unitAmount: z.number().int().positive(),
    ...common,
  }),
  // A change asked for that could not be carried to Stripe (decision 157): nothing changed.
  z.object({
    change: z.literal("not_made"),
    askedOn: day,
    asked: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("skip") }),
      z.object({ kind: z.literal("pause"), weeks: z.number().int().min(2).max(8) }),
      z.object({
        kind: z.literal("cycle"),
        weeksOn: z.number().int().min(8).max(12),
        weeksOff: z.number().int().min(2).max(4),
      }),
      z.object({ kind: z.literal("quantity"), quantity: z.number().int().min(1).max(6) }),
    ]),
    ...common,
  }),
]);
export type SubscriptionChanged = z.infer<typeof subscriptionChangedPayload>;

const longDay = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
/** "Tuesday, March 31, 2026" for "2026-03-31" (a calendar date, so read in UTC). */
const dayWords = (date: string) => longDay.format(new Date(`${date}T00:00:00Z`));
const bottles = (count: number) => `${count} bottle${count === 1 ? "" : "s"}`;

function subjectOf(notice: SubscriptionChanged): string {
  switch (notice.change) {
    case "skip":
      return `Skipped: your ${brand.name} delivery of ${dayWords(notice.skippedOn)}`;
    case "pause":
      return `Your ${brand.name} subscription is paused for ${notice.weeks} weeks`;
    case "cycle":
      return `Your ${brand.name} cycle is now ${notice.weeksOn} weeks on, ${notice.weeksOff} off`;
    case "quantity":
      return `Your ${brand.name} deliveries are now ${bottles(notice.quantity)}`;
    case "not_made":
      return `Your ${brand.name} subscription change was not made`;
  }
}

type NotMade = Extract<SubscriptionChanged, { change: "not_made" }>;

function askedWords(asked: NotMade["asked"]): string {
  switch (asked.kind) {
    case "skip":
      return "skip your next delivery";
    case "pause":
      return `pause for ${asked.weeks} weeks`;
    case "cycle":
      return `change your cycle to ${asked.weeksOn} weeks on and ${asked.weeksOff} weeks off`;
    case "quantity":
      return `receive ${bottles(asked.quantity)} per delivery`;
  }
}

function linesOf(notice: SubscriptionChanged): string[] {
  const money = (amount: number) => formatMoney(amount, notice.currency);
  const what = (() => {
    switch (notice.change) {
      case "skip":
        return `You skipped the delivery of ${dayWords(notice.skippedOn)}: nothing is charged or shipped that day.`;
      case "pause":
        return `Your ${notice.productTitle} subscription is paused for ${notice.weeks} weeks from ${dayWords(notice.from)}: nothing is charged or shipped while it is paused.`;
      case "cycle":
        return `From ${dayWords(notice.from)}, your cycle is ${notice.weeksOn} weeks on and ${notice.weeksOff} weeks off. Servings you already have carry over.`;
      case "quantity":
        return `From your next delivery, you receive ${bottles(notice.quantity)} at ${money(notice.unitAmount)} each, the price you signed up at. Nothing is charged for the change itself.`;
      case "not_made":
        return `On ${dayWords(notice.askedOn)}, you asked to ${askedWords(notice.asked)}. Our payment provider did not take the change in time, so it was not made: your subscription is as it was before you asked. You can choose again on your subscription page.`;
    }
  })();
  const next = notice.nextChargeOn
    ? `Your next charge is ${money(notice.amount)} on ${dayWords(notice.nextChargeOn)}.`
    : "No charge is due in the next months.";
  return [what, next];
}

export async function renderSubscriptionChanged(notice: SubscriptionChanged) {
  const subject = subjectOf(notice);
  const lines = linesOf(notice);
  return {
    subject,
    html: await render(
      <EmailLayout
        preview={lines[0] as string}
        footer={<Text style={emailSmall}>Not you? Write to {support.email}.</Text>}
      >
        {lines.map((line) => (
          <Text key={line} style={emailText}>
            {line}
          </Text>
        ))}
        <Button href={notice.manageUrl} style={emailButton}>
          See or change your subscription
        </Button>
      </EmailLayout>,
    ),
    text: [subject, "", ...lines, "", "See or change your subscription:", notice.manageUrl].join("\n"),
  };
}
