import { Button } from "@react-email/button";
import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import { z } from "zod";
import { EmailLayout, emailButton, emailSmall, emailText } from "./layout";

/**
 * A single-use sign-in link (app/server/auth/email-link-auth.server.ts), as the back office and the
 * shoppers' accounts send it: one message, each with its own words.
 */
export const signInLinkPayload = z.object({
  signInUrl: z.url(),
  expiresInMinutes: z.number().int().positive(),
});

export type SignInLink = z.infer<typeof signInLinkPayload>;

/** What differs between the back office's link and a shopper's. */
export type SignInLinkCopy = {
  subject: string;
  /** The first line, in the message and in its plain-text part. */
  heading: string;
  /** Where the link signs in to, for the inbox preview ("the Forge back office"). */
  place: string;
};

const IGNORE = "Didn't ask to sign in? Ignore this e-mail: no one can use the link without this mailbox.";

function SignInLinkEmail({ message, copy }: { message: SignInLink; copy: SignInLinkCopy }) {
  return (
    <EmailLayout
      preview={`Sign in to ${copy.place}. The link works once, for ${message.expiresInMinutes} minutes.`}
      footer={<Text style={emailSmall}>{IGNORE}</Text>}
    >
      <Text style={{ ...emailText, fontSize: "22px", fontWeight: 700 }}>{copy.heading}</Text>
      <Text style={emailText}>
        Press the button, then "Sign in" on the page it opens. The link works once and expires in{" "}
        {message.expiresInMinutes} minutes.
      </Text>
      <Button href={message.signInUrl} style={emailButton}>
        Open the sign-in page
      </Button>
      <Text style={{ ...emailSmall, marginTop: "16px" }}>
        If the button does not work, open this address: {message.signInUrl}
      </Text>
    </EmailLayout>
  );
}

function signInLinkText(message: SignInLink, copy: SignInLinkCopy): string {
  return [
    copy.heading,
    "",
    'Open this link and press "Sign in" on the page it opens:',
    message.signInUrl,
    "",
    `The link works once and expires in ${message.expiresInMinutes} minutes.`,
    "",
    IGNORE,
  ].join("\n");
}

export async function renderSignInLink(message: SignInLink, copy: SignInLinkCopy) {
  return {
    subject: copy.subject,
    html: await render(<SignInLinkEmail message={message} copy={copy} />),
    text: signInLinkText(message, copy),
  };
}
