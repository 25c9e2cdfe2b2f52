import { Button, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { z } from "zod";
import { brand } from "~/content/site";
import { EmailLayout, emailButton, emailSmall, emailText } from "./layout";

/** The back office's sign-in link (app/server/admin/admin-auth.server.ts): single use, 15 minutes. */
export const adminSignInPayload = z.object({
  signInUrl: z.url(),
  expiresInMinutes: z.number().int().positive(),
});

export type AdminSignIn = z.infer<typeof adminSignInPayload>;

export const adminSignInSubject = `Your ${brand.name} back-office sign-in link`;

export function AdminSignInEmail({ message }: { message: AdminSignIn }) {
  return (
    <EmailLayout
      preview={`Sign in to the ${brand.name} back office. The link works once, for ${message.expiresInMinutes} minutes.`}
      footer={
        <Text style={emailSmall}>
          Didn't ask to sign in? Ignore this e-mail: no one can use the link without this mailbox.
        </Text>
      }
    >
      <Text style={{ ...emailText, fontSize: "22px", fontWeight: 700 }}>Sign in to the back office</Text>
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

export function adminSignInText(message: AdminSignIn): string {
  return [
    "Sign in to the back office",
    "",
    'Open this link and press "Sign in" on the page it opens:',
    message.signInUrl,
    "",
    `The link works once and expires in ${message.expiresInMinutes} minutes.`,
    "",
    "Didn't ask to sign in? Ignore this e-mail: no one can use the link without this mailbox.",
  ].join("\n");
}

export async function renderAdminSignIn(message: AdminSignIn) {
  return {
    subject: adminSignInSubject,
    html: await render(<AdminSignInEmail message={message} />),
    text: adminSignInText(message),
  };
}
