import { brand } from "~/content/site";
import { renderSignInLink, type SignInLink, signInLinkPayload } from "./sign-in-link";

/** A shopper's sign-in link (app/server/accounts/shopper-auth.server.ts): single use, 15 minutes. */
export const accountSignInPayload = signInLinkPayload;

export type AccountSignIn = SignInLink;

export const accountSignInSubject = `Your ${brand.name} sign-in link`;

export async function renderAccountSignIn(message: AccountSignIn) {
  return renderSignInLink(message, {
    subject: accountSignInSubject,
    heading: `Sign in to your ${brand.name} account`,
    place: `your ${brand.name} account`,
  });
}
