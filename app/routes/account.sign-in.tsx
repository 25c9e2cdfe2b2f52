import { data, Link, redirect } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { signInLinkAgain, signInLinkProblems } from "~/content/sign-in-links";
import { brand } from "~/content/site";
import { destinationOf } from "~/server/accounts/shopper-auth.server";
import { accountCookie } from "~/server/http/account-cookie.server";
import {
  ACCOUNT_HEADERS,
  accountForm,
  limitAccountSignIn,
  secureAccountCookie,
} from "~/server/http/account-routes.server";
import { refusalOf } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/account.sign-in";

/**
 * The e-mailed sign-in link, as the back office's (decision 107): GET only reads (mail scanners fetch
 * links); the button posts, the POST spends the token, opens the session and goes where the link says
 * (the account's own pages only).
 */
const paramsOf = (request: Request) => new URL(request.url).searchParams;

export const headers = () => ACCOUNT_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await servicesFor(context, "shopperAuth").shopperAuth.linkState(
    paramsOf(request).get("token") ?? "",
  );
  return data({ state }, { headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await accountForm(request, context);
    await limitAccountSignIn(context);
  } catch (error) {
    return refusalOf(error);
  }
  const token = paramsOf(request).get("token") ?? "";
  const { shopperAuth } = servicesFor(context, "shopperAuth");
  const session = await shopperAuth.signIn(token);
  if (!session) {
    const state = await shopperAuth.linkState(token);
    return data({ state }, { status: state === "invalid" ? 404 : 410, headers: ACCOUNT_HEADERS });
  }
  const cookie = accountCookie.set(
    session.sessionId,
    session.expiresAt,
    new Date(),
    secureAccountCookie(context),
  );
  throw redirect(destinationOf(paramsOf(request).get("next")), {
    status: 303,
    headers: { ...ACCOUNT_HEADERS, "Set-Cookie": cookie },
  });
}

export const meta = () => [
  { title: `Sign in | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountSignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const state = actionData && "state" in actionData ? actionData.state : loaderData.state;
  if (state === "valid") {
    return (
      <>
        <PageIntro eyebrow="Your account" heading="Sign in" />
        <div className="container-page py-12 sm:py-16">
          <div className="max-w-xl space-y-6">
            {refusal ? <FormNotice tone="problem">{refusal.message}</FormNotice> : null}
            <div className="rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8">
              <p className="text-ink-200">Press the button to sign in to your account on this device.</p>
              {/* No action attribute: the form posts to this address, token included. */}
              <form method="post" className="mt-6">
                <button type="submit" className={buttonClass("primary", "md")}>
                  Sign in
                </button>
              </form>
            </div>
          </div>
        </div>
      </>
    );
  }
  const [heading, reason] = signInLinkProblems[state];
  return (
    <>
      <PageIntro eyebrow="Your account" heading={heading} />
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-xl rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8">
          <p className="text-ink-200">
            {reason} {signInLinkAgain}
          </p>
          <Link to="/account" className={`mt-6 inline-block ${TEXT_LINK}`}>
            Get a new sign-in link
          </Link>
        </div>
      </div>
    </>
  );
}
