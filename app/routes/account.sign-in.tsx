import { PasskeySignIn } from "~/components/account/passkey-sign-in";
import { SignInLinkCard, signInLinkHeading } from "~/components/auth/sign-in-link-card";
import { PageIntro } from "~/components/sections/page-intro";
import { FormNotice } from "~/components/support/form-fields";
import { brand } from "~/content/site";
import { destinationOf } from "~/server/accounts/shopper-auth.server";
import { accountCookie } from "~/server/http/account-cookie.server";
import {
  ACCOUNT_HEADERS,
  accountForm,
  limitAccountSignIn,
  secureAccountCookie,
} from "~/server/http/account-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import { signInLinkAction, signInLinkLoader } from "~/server/http/sign-in-link-route.server";
import type { Route } from "./+types/account.sign-in";

/**
 * The shopper's e-mailed sign-in link, as the back office's (decision 107,
 * http/sign-in-link-route.server.ts): GET only reads; the button posts, the POST spends the token,
 * opens the session and goes where the link says (the account's own pages only).
 */
export const headers = () => ACCOUNT_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  return signInLinkLoader(request, servicesFor(context, "shopperAuth").shopperAuth, ACCOUNT_HEADERS);
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInLinkAction(request, {
    auth: servicesFor(context, "shopperAuth").shopperAuth,
    headers: ACCOUNT_HEADERS,
    async guard() {
      await accountForm(request, context);
      await limitAccountSignIn(context);
    },
    cookie: (session) =>
      accountCookie.set(session.sessionId, session.expiresAt, new Date(), secureAccountCookie(context)),
    destination: destinationOf(new URL(request.url).searchParams.get("next")),
  });
}

export const meta = () => [
  { title: `Sign in | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountSignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const state = actionData && "state" in actionData ? actionData.state : loaderData.state;
  return (
    <>
      <PageIntro eyebrow="Your account" heading={signInLinkHeading(state)} />
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-xl space-y-6">
          {refusal ? <FormNotice tone="problem">{refusal.message}</FormNotice> : null}
          <SignInLinkCard state={state} signsInTo="your account" newLinkTo="/account" surface="bg-ink-900" />
          {/* A link that no longer works: a passkey, where the account has one, still signs in. */}
          {state === "valid" ? null : <PasskeySignIn next="/account" />}
        </div>
      </div>
    </>
  );
}
