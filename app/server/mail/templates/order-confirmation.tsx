import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { render } from "@react-email/render";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { z } from "zod";
import { dosing, fdaStatement, guarantee, kitFacts, shipping } from "~/content/product";
import { brand, support } from "~/content/site";
import { addressLines, adjustmentText } from "~/contracts/order-view";
import { formatMoney } from "~/shared/money";
import { orderLineName } from "~/shared/order-line-name";
import {
  emailColors as colors,
  EmailLayout,
  emailButton,
  emailSmall as small,
  emailText as text,
} from "./layout";

/**
 * The order confirmation e-mail: HTML from React e-mail components and a plain-text part written for
 * reading as text (not converted from the HTML). Everything it shows comes from the order as Stripe
 * confirmed it.
 */

export const orderConfirmationPayload = z.object({
  orderNumber: z.number().int().positive(),
  email: z.string(),
  customerName: z.string().nullable(),
  orderedAt: z.string(),
  currency: z.string(),
  amountTotal: z.number().int(),
  lines: z.array(
    z.object({
      productTitle: z.string(),
      variantTitle: z.string().nullable(),
      quantity: z.number().int().positive(),
      unitAmount: z.number().int(),
    }),
  ),
  shippingAddress: z
    .object({
      name: z.string().nullable(),
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
      country: z.string().nullable(),
    })
    .nullable(),
  /** The order page's signed link: the order and where it stands (null in payloads written before it). */
  orderUrl: z.string().nullable(),
  /** Discount, shipping, tax (absent in payloads written before them: free shipping was all there was). */
  adjustments: z
    .array(z.object({ label: z.string(), amount: z.number().int() }))
    .default([{ label: "Shipping", amount: 0 }]),
  /** What the box holds (absent in payloads written before it: every step was listed then). */
  contents: z
    .object({ enhancer: z.boolean(), testKit: z.boolean() })
    .default({ enhancer: true, testKit: true }),
});

export type OrderConfirmation = z.infer<typeof orderConfirmationPayload>;

// The facts of spec §9 come from app/content/product.ts, the one place every page reads them from.
// The dosing step only for an order with the Enhancer, the kit's only for one with the kit.
export function nextStepsFor(contents: OrderConfirmation["contents"]): string[] {
  return [
    `Your order ships in ${shipping.dispatch.replace(/^Ships in /, "")}, with free shipping.`,
    ...(contents.enhancer
      ? [`Take ${dosing.capsules} ${brand.name} Enhancer capsules daily with your first meal.`]
      : []),
    ...(contents.testKit
      ? [`Test kit results are ready ${kitFacts.resultsTiming}, and are ${kitFacts.keptOnline}.`]
      : []),
  ];
}

export const GUARANTEE = {
  title: `${guarantee.label}.`,
  body: `If you are not satisfied, contact us within ${guarantee.days} days for a full refund.`,
} as const;

export function orderSubject(order: OrderConfirmation): string {
  return `Your ${brand.name} order #${order.orderNumber} is confirmed`;
}

function orderDate(order: OrderConfirmation): string {
  return new Date(order.orderedAt).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** A static list with stable keys (the e-mail renders once; nothing reorders). */
function numbered<T>(items: readonly T[]) {
  return items.map((item, position) => ({
    item,
    key: `item-${position}`,
    last: position === items.length - 1,
  }));
}

const cell = { fontSize: "15px", lineHeight: "22px", color: colors.ink, padding: "8px 0" };

export function OrderConfirmationEmail({ order }: { order: OrderConfirmation }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const firstName = order.customerName?.trim().split(/\s+/)[0];
  const address = addressLines(order.shippingAddress);
  return (
    <EmailLayout
      preview={`Order #${order.orderNumber} is confirmed and ${shipping.dispatch.toLowerCase()}.`}
      footer={
        <>
          <Text style={{ ...small, fontWeight: 700, color: colors.ink }}>{`* ${fdaStatement}`}</Text>
          <Text style={small}>
            {`${brand.name} · You are receiving this e-mail because you placed order #${order.orderNumber}.`}
          </Text>
        </>
      }
    >
      <Heading
        as="h1"
        style={{ fontSize: "24px", lineHeight: "32px", color: colors.ink, margin: "8px 0 12px" }}
      >
        {firstName ? `Thanks for your order, ${firstName}!` : "Thanks for your order!"}
      </Heading>
      <Text style={text}>
        {"Your payment went through and your order is confirmed. Order number "}
        <strong>{`#${order.orderNumber}`}</strong>
        {`, placed ${orderDate(order)}.`}
      </Text>
      {order.orderUrl ? (
        <Section style={{ margin: "8px 0 20px" }}>
          <Button href={order.orderUrl} style={emailButton}>
            View your order
          </Button>
          <Text style={{ ...small, margin: "8px 0 0" }}>
            Follow it there from packing to your door, with the tracking link once it ships.
          </Text>
        </Section>
      ) : null}

      <Section style={{ margin: "16px 0" }}>
        <Heading as="h2" style={{ fontSize: "17px", color: colors.ink, margin: "0 0 4px" }}>
          Order summary
        </Heading>
        {numbered(order.lines).map(({ item: line, key }) => (
          <Row key={key} style={{ borderBottom: `1px solid ${colors.line}` }}>
            <Column style={cell}>
              {orderLineName(line)}
              <br />
              <span style={{ color: colors.muted, fontSize: "13px" }}>
                {`Qty ${line.quantity} × ${money(line.unitAmount)}`}
              </span>
            </Column>
            <Column style={{ ...cell, textAlign: "right", verticalAlign: "top" }}>
              {money(line.unitAmount * line.quantity)}
            </Column>
          </Row>
        ))}
        {order.adjustments.map((adjustment) => (
          <Row key={adjustment.label}>
            <Column style={{ ...cell, color: colors.muted }}>{adjustment.label}</Column>
            <Column style={{ ...cell, textAlign: "right", color: colors.muted }}>
              {adjustmentText(adjustment, money)}
            </Column>
          </Row>
        ))}
        <Row>
          <Column style={{ ...cell, fontWeight: 700 }}>Total</Column>
          <Column style={{ ...cell, fontWeight: 700, textAlign: "right" }}>{money(order.amountTotal)}</Column>
        </Row>
      </Section>

      {address.length > 0 && (
        <Section style={{ margin: "16px 0" }}>
          <Heading as="h2" style={{ fontSize: "17px", color: colors.ink, margin: "0 0 4px" }}>
            Shipping to
          </Heading>
          <Text style={text}>
            {numbered(address).map(({ item: line, key, last }) => (
              <span key={key}>
                {line}
                {!last && <br />}
              </span>
            ))}
          </Text>
        </Section>
      )}

      <Section style={{ margin: "16px 0" }}>
        <Heading as="h2" style={{ fontSize: "17px", color: colors.ink, margin: "0 0 4px" }}>
          What happens next
        </Heading>
        {nextStepsFor(order.contents).map((step) => (
          <Text key={step} style={{ ...text, margin: "0 0 6px" }}>
            {`• ${step}`}
          </Text>
        ))}
      </Section>

      <Section
        style={{ margin: "16px 0", padding: "16px", backgroundColor: colors.page, borderRadius: "6px" }}
      >
        <Text style={{ ...text, margin: 0 }}>
          <strong>{GUARANTEE.title}</strong> {GUARANTEE.body}
        </Text>
      </Section>

      <Text style={text}>
        Questions about your order? Reply to this e-mail or write to{" "}
        <Link href={`mailto:${support.email}`} style={{ color: colors.ember }}>
          {support.email}
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}

export function orderConfirmationText(order: OrderConfirmation): string {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const firstName = order.customerName?.trim().split(/\s+/)[0];
  const address = addressLines(order.shippingAddress);
  const lines = order.lines.map(
    (line) =>
      `- ${orderLineName(line)}\n  Qty ${line.quantity} × ${money(line.unitAmount)} = ${money(line.unitAmount * line.quantity)}`,
  );
  return [
    firstName ? `Thanks for your order, ${firstName}!` : "Thanks for your order!",
    "",
    `Your payment went through and your order is confirmed.`,
    `Order number: #${order.orderNumber} (placed ${orderDate(order)})`,
    ...(order.orderUrl ? ["", `View your order and follow its delivery: ${order.orderUrl}`] : []),
    "",
    "ORDER SUMMARY",
    ...lines,
    ...order.adjustments.map((adjustment) => `${adjustment.label}: ${adjustmentText(adjustment, money)}`),
    `Total: ${money(order.amountTotal)}`,
    ...(address.length ? ["", "SHIPPING TO", ...address] : []),
    "",
    "WHAT HAPPENS NEXT",
    ...nextStepsFor(order.contents).map((step) => `- ${step}`),
    "",
    `${GUARANTEE.title} ${GUARANTEE.body}`,
    "",
    `Questions about your order? Reply to this e-mail or write to ${support.email}.`,
    "",
    `* ${fdaStatement}`,
    "",
    `${brand.name}`,
  ].join("\n");
}

export async function renderOrderConfirmation(order: OrderConfirmation) {
  return {
    subject: orderSubject(order),
    html: await render(<OrderConfirmationEmail order={order} />),
    text: orderConfirmationText(order),
    replyTo: support.email,
  };
}
