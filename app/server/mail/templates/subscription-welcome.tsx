import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { render } from "@react-email/render";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { z } from "zod";
import { fdaStatement } from "~/content/product";
import { brand } from "~/content/site";
import { bottles, formatRange, onDose, renewalTerms, subscribePage, weeks } from "~/content/subscribe";
import type { CalendarEntry } from "~/contracts/subscribe";
import { formatWeekdayDay } from "~/shared/dates";
import { formatMoney } from "~/shared/money";
import { isCycleChoice } from "~/shared/subscription-cycle";
import {
  emailColors as colors,
  EmailLayout,
  emailButton,
  emailSmall as small,
  emailText as text,
} from "./layout";

/**
 * The sign-up confirmation (issue 36 item 2, decision 131), sent once per subscription when Checkout
 * completes: the renewal terms in the words the sign-up page used (amount, how often, the weeks off,
 * how to cancel) and the calendar's next dates, drawn from the same calendar. Amounts, dates and links
 * only: no health data.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const subscriptionWelcomePayload = z
  .object({
    productTitle: z.string().min(1).max(200),
    quantity: z.number().int().min(1).max(6),
    /** Minor units per bottle, as sold. */
    unitAmount: z.number().int().positive(),
    currency: z.string().length(3),
    weeksOn: z.number().int(),
    weeksOff: z.number().int(),
    everyDays: z.number().int().positive(),
    /** The first charge: a calendar day in the store's time zone. */
    startedOn: day,
    /** The cycle's calendar from then, as the sign-up page drew it (sign-up-terms.server.ts). */
    calendar: z.object({
      months: z.number().int().positive(),
      deliveries: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      entries: z
        .array(
          z.discriminatedUnion("kind", [
            z.object({
              kind: z.literal("charge"),
              date: day,
              delivery: z.number().int().positive(),
              amount: z.number().int(),
            }),
            z.object({ kind: z.literal("on"), start: day, last: day }),
            z.object({
              kind: z.literal("off"),
              start: day,
              last: day,
              days: z.number().int().positive(),
              servingsCarried: z.number().int().nonnegative(),
            }),
          ]),
        )
        .max(60),
    }),
    /** The subscription page (cancel online there). */
    manageUrl: z.url(),
    termsUrl: z.url(),
  })
  .refine((value): boolean => isCycleChoice(value), { message: "not a cycle" });
export type SubscriptionWelcome = z.infer<typeof subscriptionWelcomePayload>;

export const welcomeSubject = `Your ${brand.name} subscription has started: your terms and dates`;

function facts(notice: SubscriptionWelcome) {
  const perDelivery = formatMoney(notice.unitAmount * notice.quantity, notice.currency);
  const { calendar } = notice;
  const terms = [
    { label: renewalTerms.amountLabel, text: renewalTerms.amount(perDelivery, notice.quantity) },
    { label: renewalTerms.oftenLabel, text: renewalTerms.often(notice.everyDays) },
    { label: renewalTerms.offLabel, text: renewalTerms.off(notice.weeksOff) },
    {
      label: renewalTerms.cancelLabel,
      text: `${renewalTerms.cancel.before}${renewalTerms.cancel.link}${renewalTerms.cancel.after}`,
    },
  ];
  return { perDelivery, calendar, terms };
}

/** A line of the calendar, in words. */
function entryLine(entry: CalendarEntry, notice: SubscriptionWelcome): { when: string; what: string } {
  const money = (amount: number) => formatMoney(amount, notice.currency);
  if (entry.kind === "charge")
    return {
      when: formatWeekdayDay(entry.date),
      what: `Delivery ${entry.delivery}: ${bottles(notice.quantity)} for ${money(entry.amount)}`,
    };
  if (entry.kind === "on")
    return {
      when: formatRange(entry.start, entry.last),
      what: `${subscribePage.row.on}: ${onDose}`,
    };
  return {
    when: formatRange(entry.start, entry.last),
    what: `Weeks off (${weeks(entry.days / 7)}): nothing charged or shipped`,
  };
}

const cell = {
  fontSize: "14px",
  lineHeight: "20px",
  color: colors.ink,
  padding: "8px 0",
  verticalAlign: "top",
};

export function SubscriptionWelcomeEmail({ notice }: { notice: SubscriptionWelcome }) {
  const { perDelivery, calendar, terms } = facts(notice);
  const cycle = `${weeks(notice.weeksOn)} on, ${weeks(notice.weeksOff)} off`;
  return (
    <EmailLayout
      preview={`${perDelivery} every ${notice.everyDays} days during your weeks on, nothing in your weeks off. Cancel online at any time.`}
      footer={
        <>
          <Text style={{ ...small, fontWeight: 700, color: colors.ink }}>{`* ${fdaStatement}`}</Text>
          <Text style={small}>
            {`${brand.name} · You are receiving this e-mail because you subscribed to ${notice.productTitle}. `}
            <Link href={notice.termsUrl} style={{ color: colors.ember }}>
              Terms of sale
            </Link>
          </Text>
        </>
      }
    >
      <Heading
        as="h1"
        style={{ fontSize: "24px", lineHeight: "32px", color: colors.ink, margin: "8px 0 12px" }}
      >
        Your subscription has started
      </Heading>
      <Text style={text}>
        {`Thank you for subscribing to ${notice.productTitle}. Your first payment went through on ${formatWeekdayDay(notice.startedOn)} and your first delivery is on its way; its order confirmation comes in a separate e-mail. Here are the terms you agreed to, and your dates.`}
      </Text>

      <Section
        style={{
          margin: "16px 0",
          padding: "16px 20px",
          backgroundColor: colors.page,
          borderRadius: "8px",
          borderLeft: `4px solid ${colors.ember}`,
        }}
      >
        <Text style={{ ...text, margin: 0, fontSize: "22px", lineHeight: "28px", fontWeight: 700 }}>
          {`${perDelivery} per delivery`}
        </Text>
        <Text style={{ ...small, margin: "4px 0 0", fontSize: "14px" }}>
          {`${bottles(notice.quantity)} a delivery · ${cycle}`}
        </Text>
      </Section>

      <Section style={{ margin: "16px 0" }}>
        <Heading as="h2" style={{ fontSize: "17px", color: colors.ink, margin: "0 0 4px" }}>
          Your terms
        </Heading>
        {terms.map((term) => (
          <Row key={term.label} style={{ borderBottom: `1px solid ${colors.line}` }}>
            <Column style={{ ...cell, width: "34%", fontWeight: 700, paddingRight: "12px" }}>
              {term.label}
            </Column>
            <Column style={cell}>
              {term.label === renewalTerms.cancelLabel ? (
                <>
                  {renewalTerms.cancel.before}
                  <Link href={notice.manageUrl} style={{ color: colors.ember, textDecoration: "underline" }}>
                    {renewalTerms.cancel.link}
                  </Link>
                  {renewalTerms.cancel.after}
                </>
              ) : (
                term.text
              )}
            </Column>
          </Row>
        ))}
      </Section>

      <Section style={{ margin: "16px 0" }}>
        <Heading as="h2" style={{ fontSize: "17px", color: colors.ink, margin: "0 0 4px" }}>
          {`Your dates for the first ${calendar.months} months`}
        </Heading>
        {calendar.entries.map((entry) => {
          const line = entryLine(entry, notice);
          return (
            <Row
              key={`${entry.kind}-${entry.kind === "charge" ? entry.date : entry.start}`}
              style={{ borderBottom: `1px solid ${colors.line}` }}
            >
              <Column
                style={{
                  ...cell,
                  width: "42%",
                  paddingRight: "12px",
                  fontWeight: entry.kind === "charge" ? 700 : 400,
                }}
              >
                {line.when}
              </Column>
              <Column style={{ ...cell, color: entry.kind === "charge" ? colors.ink : colors.muted }}>
                {line.what}
              </Column>
            </Row>
          );
        })}
        <Text style={{ ...small, margin: "8px 0 0" }}>
          {subscribePage.calendarSummary(
            calendar.deliveries,
            formatMoney(calendar.total, notice.currency),
            calendar.months,
          )}
        </Text>
      </Section>

      <Section style={{ margin: "20px 0 8px" }}>
        <Button href={notice.manageUrl} style={emailButton}>
          Manage or cancel your subscription
        </Button>
        <Text style={{ ...small, margin: "8px 0 0" }}>{`Or open this address: ${notice.manageUrl}`}</Text>
      </Section>
    </EmailLayout>
  );
}

export async function renderSubscriptionWelcome(notice: SubscriptionWelcome) {
  const { perDelivery, calendar, terms } = facts(notice);
  const lines = [
    welcomeSubject,
    "",
    `Thank you for subscribing to ${notice.productTitle}. Your first payment went through on ${formatWeekdayDay(notice.startedOn)} and your first delivery is on its way.`,
    "",
    `${perDelivery} per delivery (${bottles(notice.quantity)}), ${weeks(notice.weeksOn)} on, ${weeks(notice.weeksOff)} off.`,
    "",
    "YOUR TERMS",
    ...terms.map((term) => `${term.label}: ${term.text}`),
    "",
    `YOUR DATES FOR THE FIRST ${calendar.months} MONTHS`,
    ...calendar.entries.map((entry) => {
      const line = entryLine(entry, notice);
      return `${line.when}: ${line.what}`;
    }),
    "",
    "Manage or cancel your subscription:",
    notice.manageUrl,
    "",
    `Terms of sale: ${notice.termsUrl}`,
    "",
    `* ${fdaStatement}`,
  ];
  return {
    subject: welcomeSubject,
    html: await render(<SubscriptionWelcomeEmail notice={notice} />),
    text: lines.join("\n"),
  };
}
