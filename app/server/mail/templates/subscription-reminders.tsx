import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { render } from "@react-email/render";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { z } from "zod";
import { dosing, shipping } from "~/content/product";
import { brand, support } from "~/content/site";
import { formatMoney } from "~/shared/money";
import { emailColors as colors, EmailLayout, emailButton, emailSmall, emailText } from "./layout";

/**
 * A subscriber's reminders (issue 36 item 4, decision 133): three days before each charge (the
 * amount, the date, the bottles, and links to skip, pause or cancel), and before each break in the
 * cycle starts and ends (nothing charged or shipped meanwhile; the next bottle's date and amount).
 * Dates, amounts, bottles and links only: no health data, nothing from the quiz or the kit.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const nextCharge = z.object({
  on: isoDate,
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  bottles: z.number().int().positive(),
});

/** `/account/subscription`: the page where the subscriber skips, pauses or cancels. */
const manageUrl = z.url();

export const chargeReminderPayload = z.object({
  productTitle: z.string().min(1).max(200),
  chargeOn: isoDate,
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  bottles: z.number().int().positive(),
  manageUrl,
});
export type ChargeReminder = z.infer<typeof chargeReminderPayload>;

export const breakReminderPayload = z.object({
  productTitle: z.string().min(1).max(200),
  /** "off": the cycle's weeks off; "pause": a pause the subscriber asked for (with or without them). */
  reason: z.enum(["off", "pause"]),
  /** The break's first day, and its first day back on. */
  start: isoDate,
  end: isoDate,
  /** Servings left from the last bottle, taken once back on (off_end). */
  servingsLeft: z.number().int().nonnegative().nullable(),
  /** The next bottle after the break, or null when none is planned (a cancellation at period end). */
  next: nextCharge.nullable(),
  manageUrl,
});
export type BreakReminder = z.infer<typeof breakReminderPayload>;

/** "Monday, March 2" (the year too when it is not `reference`'s). */
export function longDate(date: string, reference?: string): string {
  const sameYear = reference ? reference.slice(0, 4) === date.slice(0, 4) : true;
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
    timeZone: "UTC",
  });
}

const dayBefore = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

const bottles = (count: number) => `${count} bottle${count === 1 ? "" : "s"}`;

/** The plain-text ending of every reminder: the actions' links and where to ask. */
function textActions(url: string, intro: string, skipLabel: string): string[] {
  const links = actionLinks(url);
  return [
    intro,
    `${skipLabel}: ${links.skip}`,
    `Pause for 2-8 weeks: ${links.pause}`,
    `Cancel: ${links.cancel}`,
    `Manage your subscription: ${links.manage}`,
    "",
    `Questions? Reply to this e-mail or write to ${support.email}.`,
  ];
}

/** The three actions, each named in the page's address (its section), and the page itself. */
export function actionLinks(url: string) {
  return {
    manage: url,
    skip: `${url}#skip`,
    pause: `${url}#pause`,
    cancel: `${url}#cancel`,
  };
}

const heading = { fontSize: "22px", lineHeight: "30px", color: colors.ink, margin: "8px 0 12px" };
const cell = { fontSize: "15px", lineHeight: "22px", color: colors.ink, padding: "8px 0" };
const label = { ...cell, color: colors.muted };
const link = { color: colors.ember, textDecoration: "underline" };

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Section
      style={{
        margin: "8px 0 20px",
        padding: "4px 16px",
        border: `1px solid ${colors.line}`,
        borderRadius: "8px",
      }}
    >
      {rows.map(([name, value], index) => (
        <Row
          key={name}
          style={index < rows.length - 1 ? { borderBottom: `1px solid ${colors.line}` } : undefined}
        >
          <Column style={label}>{name}</Column>
          <Column style={{ ...cell, fontWeight: 700, textAlign: "right" }}>{value}</Column>
        </Row>
      ))}
    </Section>
  );
}

function Actions({ url, intro }: { url: string; intro: string }) {
  const links = actionLinks(url);
  return (
    <Section style={{ margin: "4px 0 8px" }}>
      <Button href={links.manage} style={emailButton}>
        Manage your subscription
      </Button>
      <Text style={{ ...emailText, margin: "16px 0 4px" }}>{intro}</Text>
      <Text style={{ ...emailText, margin: 0 }}>
        <Link href={links.skip} style={link}>
          Skip this delivery
        </Link>
        {"  ·  "}
        <Link href={links.pause} style={link}>
          Pause for 2-8 weeks
        </Link>
        {"  ·  "}
        <Link href={links.cancel} style={link}>
          Cancel
        </Link>
      </Text>
    </Section>
  );
}

function Footer({ productTitle }: { productTitle: string }) {
  return (
    <>
      <Text style={emailSmall}>
        {`You get this reminder because you subscribe to ${productTitle}. It comes before every charge and before each break in your cycle.`}
      </Text>
      <Text style={emailSmall}>
        {"Questions? Reply to this e-mail or write to "}
        <Link href={`mailto:${support.email}`} style={{ color: colors.ember }}>
          {support.email}
        </Link>
        .
      </Text>
    </>
  );
}

// --- Before a charge ----------------------------------------------------------------------------------

export const chargeReminderSubject = (notice: ChargeReminder) =>
  `Your next ${brand.name} bottle: ${formatMoney(notice.amount, notice.currency)} on ${longDate(notice.chargeOn)}`;

function chargeLines(notice: ChargeReminder) {
  const amount = formatMoney(notice.amount, notice.currency);
  return {
    lead: `On ${longDate(notice.chargeOn)} we will charge ${amount} to the card on file for your next ${notice.bottles === 1 ? "bottle" : `${notice.bottles} bottles`} of ${notice.productTitle}. ${notice.bottles === 1 ? "It ships" : "They ship"} ${shipping.dispatch.replace(/^Ships /, "")}, with ${shipping.label.toLowerCase()}.`,
    change: "Nothing to do if that suits you. To change it, do so before that day:",
  };
}

export async function renderChargeReminder(notice: ChargeReminder) {
  const amount = formatMoney(notice.amount, notice.currency);
  const lines = chargeLines(notice);
  const subject = chargeReminderSubject(notice);
  return {
    subject,
    html: await render(
      <EmailLayout preview={lines.lead} footer={<Footer productTitle={notice.productTitle} />}>
        <Heading as="h1" style={heading}>
          Your next bottle is on its way soon
        </Heading>
        <Text style={emailText}>{lines.lead}</Text>
        <Facts
          rows={[
            ["Charge date", longDate(notice.chargeOn)],
            ["Amount", amount],
            ["Bottles", String(notice.bottles)],
          ]}
        />
        <Actions url={notice.manageUrl} intro={lines.change} />
      </EmailLayout>,
    ),
    text: [
      subject,
      "",
      lines.lead,
      "",
      `Charge date: ${longDate(notice.chargeOn)}`,
      `Amount: ${amount}`,
      `Bottles: ${notice.bottles}`,
      "",
      ...textActions(notice.manageUrl, lines.change, "Skip this delivery"),
    ].join("\n"),
  };
}

// --- Before a break starts and ends -------------------------------------------------------------------

function nextLine(notice: BreakReminder): string {
  if (!notice.next) return "No further bottle is planned.";
  return `Your next bottle: ${formatMoney(notice.next.amount, notice.next.currency)} for ${bottles(notice.next.bottles)}, charged on ${longDate(notice.next.on)}.`;
}

function nextRows(notice: BreakReminder): [string, string][] {
  return notice.next
    ? [
        ["Next charge", longDate(notice.next.on)],
        ["Amount", formatMoney(notice.next.amount, notice.next.currency)],
        ["Bottles", String(notice.next.bottles)],
      ]
    : [];
}

export const breakStartsSubject = (notice: BreakReminder) =>
  notice.reason === "off"
    ? `Your weeks off start on ${longDate(notice.start)}: nothing charged or shipped`
    : `Your ${brand.name} pause starts on ${longDate(notice.start)}: nothing charged or shipped`;

function startsLines(notice: BreakReminder) {
  const last = longDate(dayBefore(notice.end), notice.start);
  return {
    title: notice.reason === "off" ? "Your weeks off are coming up" : "Your pause is coming up",
    lead:
      notice.reason === "off"
        ? `Your cycle's weeks off run from ${longDate(notice.start)} to ${last}: take no capsules on those days, and start again on ${longDate(notice.end, notice.start)}.`
        : `Your subscription is paused from ${longDate(notice.start)} to ${last}, and starts again on ${longDate(notice.end, notice.start)}.`,
    nothing: notice.next
      ? `Nothing will be charged or shipped from ${longDate(notice.start)} until your next bottle on ${longDate(notice.next.on, notice.start)}.`
      : `Nothing will be charged or shipped from ${longDate(notice.start)} to ${last}.`,
    next: nextLine(notice),
  };
}

export async function renderBreakStarts(notice: BreakReminder) {
  const lines = startsLines(notice);
  const subject = breakStartsSubject(notice);
  return {
    subject,
    html: await render(
      <EmailLayout preview={lines.nothing} footer={<Footer productTitle={notice.productTitle} />}>
        <Heading as="h1" style={heading}>
          {lines.title}
        </Heading>
        <Text style={emailText}>{lines.lead}</Text>
        <Text style={emailText}>
          <strong>{lines.nothing}</strong>
        </Text>
        <Facts
          rows={[
            ["First day off", longDate(notice.start)],
            ["Back on", longDate(notice.end, notice.start)],
            ...nextRows(notice),
          ]}
        />
        <Actions url={notice.manageUrl} intro="To change your next bottle:" />
      </EmailLayout>,
    ),
    text: [
      subject,
      "",
      lines.lead,
      lines.nothing,
      lines.next,
      "",
      ...textActions(notice.manageUrl, "To change your next bottle:", "Skip it"),
    ].join("\n"),
  };
}

export const breakEndsSubject = (notice: BreakReminder) =>
  `Back on ${brand.name} from ${longDate(notice.end)}`;

function endsLines(notice: BreakReminder) {
  const last = longDate(dayBefore(notice.end));
  const servings =
    notice.servingsLeft && notice.servingsLeft > 0
      ? ` You have ${notice.servingsLeft} servings left from your last bottle: take those first.`
      : "";
  return {
    title: notice.reason === "off" ? "Your weeks off end soon" : "Your pause ends soon",
    lead: `${notice.reason === "off" ? "Your weeks off end" : "Your pause ends"} on ${last}. From ${longDate(notice.end)}, take ${dosing.label} again.${servings}`,
    next: nextLine(notice),
  };
}

export async function renderBreakEnds(notice: BreakReminder) {
  const lines = endsLines(notice);
  const subject = breakEndsSubject(notice);
  return {
    subject,
    html: await render(
      <EmailLayout preview={lines.lead} footer={<Footer productTitle={notice.productTitle} />}>
        <Heading as="h1" style={heading}>
          {lines.title}
        </Heading>
        <Text style={emailText}>{lines.lead}</Text>
        <Facts rows={[["Back on", longDate(notice.end)], ...nextRows(notice)]} />
        <Actions url={notice.manageUrl} intro="To change your next bottle:" />
      </EmailLayout>,
    ),
    text: [
      subject,
      "",
      lines.lead,
      lines.next,
      "",
      ...textActions(notice.manageUrl, "To change your next bottle:", "Skip it"),
    ].join("\n"),
  };
}
