import { Button } from "@react-email/button";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { z } from "zod";
import { brand, support } from "~/content/site";
import { EmailLayout, emailButton, emailColors, emailSmall, emailText } from "./layout";

/**
 * The review invitation (issue 18 item 1; decision 083): one per order, a "Write a review" link per
 * product bought, each signed and working for `validDays`. Sent to every buyer alike. Under the FTC's
 * rule on consumer reviews (16 CFR 465) it offers nothing for a review and asks for no particular kind
 * of review: it asks for an honest one, good or bad, and says every review is published by the same
 * rules.
 */
export const reviewInvitationPayload = z.object({
  orderNumber: z.number().int().positive(),
  /** The buyer's first name, when the order has a name. */
  firstName: z.string().nullable(),
  products: z.array(z.object({ name: z.string(), url: z.url() })).min(1),
  validDays: z.number().int().positive(),
});

export type ReviewInvitation = z.infer<typeof reviewInvitationPayload>;

export const reviewInvitationSubject = (message: ReviewInvitation) =>
  `How was your ${brand.name} order #${message.orderNumber}?`;

const greeting = (message: ReviewInvitation) => (message.firstName ? `Hi ${message.firstName},` : "Hi,");
const ask = (message: ReviewInvitation) =>
  `You ordered from ${brand.name} recently (order #${message.orderNumber}). Would you tell other shoppers what you think? Whatever your experience, good or bad, an honest review helps them decide.`;
const rules =
  "We publish every review, whatever its rating, unless it breaks one of our posting rules (no profanity, personal details, links or health claims).";
const validity = (message: ReviewInvitation) =>
  `Each link works for ${message.validDays} days, and you can change your review for 30 days after you write it.`;
const nothingOffered = "Writing a review is optional, and nothing is offered for it.";

export function ReviewInvitationEmail({ message }: { message: ReviewInvitation }) {
  return (
    <EmailLayout
      preview={`Tell other shoppers what you think of your ${brand.name} order.`}
      footer={
        <>
          <Text style={emailSmall}>{nothingOffered}</Text>
          <Text style={emailSmall}>
            Questions: {support.email}. You get this e-mail once, because you placed order #
            {message.orderNumber}.
          </Text>
        </>
      }
    >
      <Text style={{ ...emailText, fontSize: "22px", fontWeight: 700 }}>How was your order?</Text>
      <Text style={emailText}>{greeting(message)}</Text>
      <Text style={emailText}>{ask(message)}</Text>
      {message.products.map((product) => (
        <Section
          key={product.url}
          style={{
            border: `1px solid ${emailColors.line}`,
            borderRadius: "8px",
            padding: "16px",
            margin: "0 0 12px",
          }}
        >
          <Text style={{ ...emailText, fontWeight: 700 }}>{product.name}</Text>
          <Button href={product.url} style={emailButton}>
            Write a review
          </Button>
          <Text style={{ ...emailSmall, marginTop: "12px", wordBreak: "break-all" }}>
            If the button does not work, open this address: {product.url}
          </Text>
        </Section>
      ))}
      <Text style={emailText}>{rules}</Text>
      <Text style={emailSmall}>{validity(message)}</Text>
    </EmailLayout>
  );
}

export function reviewInvitationText(message: ReviewInvitation): string {
  return [
    "How was your order?",
    "",
    greeting(message),
    "",
    ask(message),
    "",
    ...message.products.flatMap((product) => [`Write a review of ${product.name}:`, product.url, ""]),
    rules,
    validity(message),
    "",
    nothingOffered,
    `Questions: ${support.email}`,
  ].join("\n");
}

export async function renderReviewInvitation(message: ReviewInvitation) {
  return {
    subject: reviewInvitationSubject(message),
    html: await render(<ReviewInvitationEmail message={message} />),
    text: reviewInvitationText(message),
    replyTo: support.email,
  };
}
