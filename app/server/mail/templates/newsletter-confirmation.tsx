import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import { z } from "zod";
import { brand, support } from "~/content/site";
import { EmailLayout, emailButton, emailColors, emailSmall, emailText } from "./layout";

export const newsletterConfirmationPayload = z.object({
  confirmUrl: z.url(),
  unsubscribeUrl: z.url(),
  expiresInHours: z.number().int().positive(),
});

export type NewsletterConfirmation = z.infer<typeof newsletterConfirmationPayload>;

export const newsletterSubject = `Confirm your ${brand.name} newsletter subscription`;

export function NewsletterConfirmationEmail({ message }: { message: NewsletterConfirmation }) {
  return (
    <EmailLayout
      preview={`One click to confirm: training, nutrition and testosterone tips from ${brand.name}.`}
      footer={
        <>
          <Text style={emailSmall}>
            Didn't ask for this? Ignore this e-mail and you won't hear from us, or{" "}
            <Link href={message.unsubscribeUrl} style={{ color: emailColors.muted }}>
              unsubscribe
            </Link>
            .
          </Text>
          <Text style={emailSmall}>Questions: {support.email}</Text>
        </>
      }
    >
      <Text style={{ ...emailText, fontSize: "22px", fontWeight: 700 }}>Confirm your subscription</Text>
      <Text style={emailText}>
        Someone (we hope you) asked to get {brand.name}'s training, nutrition and testosterone tips at this
        address. Press the button, then "Confirm subscription" on the page it opens.
      </Text>
      <Button href={message.confirmUrl} style={emailButton}>
        Confirm my subscription
      </Button>
      <Text style={{ ...emailSmall, marginTop: "16px" }}>
        The link expires in {message.expiresInHours} hours. If the button does not work, open this address:{" "}
        {message.confirmUrl}
      </Text>
    </EmailLayout>
  );
}

export function newsletterConfirmationText(message: NewsletterConfirmation): string {
  return [
    "Confirm your subscription",
    "",
    `Someone (we hope you) asked to get ${brand.name}'s training, nutrition and testosterone tips at this address.`,
    'Open this link and press "Confirm subscription" on the page it opens:',
    message.confirmUrl,
    "",
    `The link expires in ${message.expiresInHours} hours.`,
    "",
    `Didn't ask for this? Ignore this e-mail, or unsubscribe: ${message.unsubscribeUrl}`,
    `Questions: ${support.email}`,
  ].join("\n");
}

export async function renderNewsletterConfirmation(message: NewsletterConfirmation) {
  return {
    subject: newsletterSubject,
    html: await render(<NewsletterConfirmationEmail message={message} />),
    text: newsletterConfirmationText(message),
    replyTo: support.email,
    headers: {
      // RFC 2369 and RFC 8058: mail clients offer one-click unsubscribe with these.
      "List-Unsubscribe": `<${message.unsubscribeUrl}>, <mailto:${support.email}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
