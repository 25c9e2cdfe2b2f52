import { Button, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { z } from "zod";
import { brand } from "~/content/site";
import { EmailLayout, emailButton, emailSmall, emailText } from "./layout";

/** A shopper's sign-in link (app/server/accounts/shopper-auth.server.ts): single use, 15 minutes. */
export const accountSignInPayload = z.object({
  signInUrl: z.url(),
  expiresInMinutes: z.number().int().positive(),
});

export type AccountSignIn = z.infer<typeof accountSignInPayload>;

export const accountSignInSubject = `Your ${brand.name} sign-in link`;

export function AccountSignInEmail({ message }: { message: AccountSignIn }) {
  return (
    <EmailLayout
      preview={`Sign in to your ${brand.name} account. The link works once, for ${message.expiresInMinutes} minutes.`}
      footer={
        <Text style={emailSmall}>
          Didn't ask to sign in? Ignore this e-mail: no one can use the link without this mailbox.
        </Text>
      }
    >
      <Text style={{ ...emailText, fontSize: "22px", fontWeight: 700 }}>Sign in to your account</Text>
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

export function accountSignInText(message: AccountSignIn): string {
  return [
    `Sign in to your ${brand.name} account`,
    "",
    'Open this link and press "Sign in" on the page it opens:',
    message.signInUrl,
    "",
    `The link works once and expires in ${message.expiresInMinutes} minutes.`,
    "",
    "Didn't ask to sign in? Ignore this e-mail: no one can use the link without this mailbox.",
  ].join("\n");
}

export async function renderAccountSignIn(message: AccountSignIn) {
  return {
    subject: accountSignInSubject,
    html: await render(<AccountSignInEmail message={message} />),
    text: accountSignInText(message),
  };
}
