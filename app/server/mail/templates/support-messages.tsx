import { Button } from "@react-email/button";
import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import { z } from "zod";
import { brand, support } from "~/content/site";
import { EmailLayout, emailButton, emailColors, emailSmall, emailText } from "./layout";

/**
 * The support forms' e-mails (issue 17): a contact message or a guarantee request, once to the support
 * address (Reply-To: the sender, so support answers with Reply) and once to the sender as an
 * acknowledgement. What a visitor typed goes into the body of the copy to support only, escaped by
 * React; the subject carries a topic label and an order number, never free text. The contact form's
 * acknowledgement goes to an address no one has proven, so it quotes nothing the visitor typed.
 */

const heading = { ...emailText, fontSize: "22px", fontWeight: 700 };
const quoted = {
  ...emailText,
  whiteSpace: "pre-wrap" as const,
  borderLeft: `3px solid ${emailColors.line}`,
  paddingLeft: "12px",
};
const field = (label: string, value: string) => (
  <Text style={{ ...emailText, margin: "0 0 4px" }}>
    <strong>{label}:</strong> {value}
  </Text>
);

// --- Contact -----------------------------------------------------------------------------------

export const contactMessagePayload = z.object({
  messageId: z.string(),
  name: z.string(),
  email: z.string(),
  orderNumber: z.string(),
  topicLabel: z.string(),
  message: z.string(),
  receivedAt: z.string(),
});

export type ContactMessage = z.infer<typeof contactMessagePayload>;

export async function renderContactForSupport(message: ContactMessage) {
  const subject = `Contact: ${message.topicLabel}${message.orderNumber ? ` (order #${message.orderNumber})` : ""}`;
  const lines = [
    `From: ${message.name} <${message.email}>`,
    `Topic: ${message.topicLabel}`,
    `Order: ${message.orderNumber ? `#${message.orderNumber}` : "not given"}`,
    `Received: ${message.receivedAt}`,
    `Reference: ${message.messageId}`,
    "",
    message.message,
    "",
    "Reply to this e-mail to answer the sender.",
  ];
  return {
    subject,
    html: await render(
      <EmailLayout preview={`${message.topicLabel}, from ${message.name}`}>
        <Text style={heading}>New message from the contact form</Text>
        {field("From", `${message.name} <${message.email}>`)}
        {field("Topic", message.topicLabel)}
        {field("Order", message.orderNumber ? `#${message.orderNumber}` : "not given")}
        {field("Received", message.receivedAt)}
        {field("Reference", message.messageId)}
        <Text style={{ ...quoted, marginTop: "16px" }}>{message.message}</Text>
        <Text style={emailSmall}>Reply to this e-mail to answer the sender.</Text>
      </EmailLayout>,
    ),
    text: lines.join("\n"),
    replyTo: message.email,
  };
}

/**
 * What the acknowledgement may carry: the address it goes to is whatever was typed, so nothing the
 * visitor wrote (issue 38 item 2). The topic's label is the site's own words; the reference is ours.
 */
export const contactAcknowledgementPayload = z.object({
  messageId: z.string(),
  topicLabel: z.string(),
  receivedAt: z.string(),
});

export type ContactAcknowledgement = z.infer<typeof contactAcknowledgementPayload>;

export async function renderContactAcknowledgement(message: ContactAcknowledgement) {
  const intro = `Thanks for writing to ${brand.name}. Your message is with our support team, and we reply by e-mail within ${support.replyWithin} (${support.hours}).`;
  const about = `Topic: ${message.topicLabel}. Reference: ${message.messageId}.`;
  const stranger =
    "Didn't write to us? Someone typed your address into our contact form: ignore this e-mail, nothing more will come of it.";
  return {
    subject: `We have your message | ${brand.name}`,
    html: await render(
      <EmailLayout
        preview={`We reply within ${support.replyWithin}.`}
        footer={<Text style={emailSmall}>{stranger}</Text>}
      >
        <Text style={heading}>We have your message</Text>
        <Text style={emailText}>{intro}</Text>
        <Text style={emailText}>{about}</Text>
        <Text style={emailSmall}>To add something, reply to this e-mail.</Text>
      </EmailLayout>,
    ),
    text: [
      "We have your message",
      "",
      intro,
      "",
      about,
      "",
      "To add something, reply to this e-mail.",
      stranger,
    ].join("\n"),
    replyTo: support.email,
  };
}

// --- Guarantee ---------------------------------------------------------------------------------

export const guaranteeRequestPayload = z.object({
  requestId: z.string(),
  orderNumber: z.number().int(),
  email: z.string(),
  customerName: z.string().nullable(),
  placedOn: z.string(),
  total: z.string(),
  reason: z.string(),
  /** The back office's orders page, where open requests are listed. */
  adminUrl: z.url(),
  /** The last day of the guarantee for this order ("December 31, 2026"). */
  windowEndsOn: z.string(),
  /** The guarantee's terms on this site. */
  termsUrl: z.url(),
});

export type GuaranteeRequestMessage = z.infer<typeof guaranteeRequestPayload>;

export async function renderGuaranteeForSupport(message: GuaranteeRequestMessage) {
  const who = message.customerName ? `${message.customerName} <${message.email}>` : message.email;
  const reason = message.reason || "No reason given.";
  return {
    subject: `Guarantee request: order #${message.orderNumber}`,
    html: await render(
      <EmailLayout preview={`Order #${message.orderNumber}, ${message.total}`}>
        <Text style={heading}>Money-back request for order #{message.orderNumber}</Text>
        {field("Customer", who)}
        {field("Placed", message.placedOn)}
        {field("Total", message.total)}
        {field("Guarantee ends", message.windowEndsOn)}
        <Text style={{ ...quoted, marginTop: "16px" }}>{reason}</Text>
        <Text style={emailText}>
          Refund the payment in Stripe: the refund is copied to the Shopify order by itself. Then close the
          request in the back office.
        </Text>
        <Button href={message.adminUrl} style={emailButton}>
          Open the back office
        </Button>
      </EmailLayout>,
    ),
    text: [
      `Money-back request for order #${message.orderNumber}`,
      "",
      `Customer: ${who}`,
      `Placed: ${message.placedOn}`,
      `Total: ${message.total}`,
      `Guarantee ends: ${message.windowEndsOn}`,
      "",
      reason,
      "",
      "Refund the payment in Stripe: the refund is copied to the Shopify order by itself. Then close the request in the back office:",
      message.adminUrl,
    ].join("\n"),
    replyTo: message.email,
  };
}

export async function renderGuaranteeAcknowledgement(message: GuaranteeRequestMessage) {
  const intro = `We have your money-back request for order #${message.orderNumber} (${message.total}, placed ${message.placedOn}).`;
  const next = `Our support team checks it and replies within ${support.replyWithin}. Once it is approved, the refund goes back to the card you paid with; banks usually show it within 5 to 10 business days. You do not need to send anything back.`;
  return {
    subject: `Your money-back request for order #${message.orderNumber} | ${brand.name}`,
    html: await render(
      <EmailLayout
        preview={`We reply within ${support.replyWithin}.`}
        footer={
          <Text style={emailSmall}>
            The guarantee's terms: {message.termsUrl}. Questions: reply to this e-mail.
          </Text>
        }
      >
        <Text style={heading}>We have your request</Text>
        <Text style={emailText}>{intro}</Text>
        <Text style={emailText}>{next}</Text>
      </EmailLayout>,
    ),
    text: [
      "We have your request",
      "",
      intro,
      "",
      next,
      "",
      `The guarantee's terms: ${message.termsUrl}. Questions: reply to this e-mail.`,
    ].join("\n"),
    replyTo: support.email,
  };
}
