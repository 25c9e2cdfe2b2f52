import { brand } from "~/content/site";
import { renderSignInLink, type SignInLink, signInLinkPayload } from "./sign-in-link";

/** The back office's sign-in link (app/server/admin/admin-auth.server.ts): single use, 15 minutes. */
export const adminSignInPayload = signInLinkPayload;

export type AdminSignIn = SignInLink;

export const adminSignInSubject = `Your ${brand.name} back-office sign-in link`;

export async function renderAdminSignIn(message: AdminSignIn) {
  return renderSignInLink(message, {
    subject: adminSignInSubject,
    heading: "Sign in to the back office",
    place: `the ${brand.name} back office`,
  });
}
