import { data, Link } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import { normalizeEmailAddress } from "~/contracts/email-address";
import { destinationOf } from "~/server/accounts/shopper-auth.server";
import {
  ACCOUNT_HEADERS,
  accountForm,
  limitAccountSignIn,
  shopperOf,
} from "~/server/http/account-routes.server";
import { refusalOf } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/account";

/**
 * A shopper's account (issue 35 item 2): no password. An e-mail address in, a single-use sign-in link
 * out; the same answer for every address, given before the link is made, so it tells no one whether an
 * account exists. Signed in, the page says so and leads to the kit pages.
 */
export const ACCOUNT_SENT_MESSAGE =
  "Check your inbox: a sign-in link is on its way, unless an unused one is already there. It works once, for 15 minutes.";

export const headers = () => ACCOUNT_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await shopperOf(request, context);
  const next = destinationOf(new URL(request.url).searchParams.get("next"));
  return data({ email: session?.email ?? null, next }, { headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const fields = await accountForm(request, context);
    await limitAccountSignIn(context);
    const email = normalizeEmailAddress(fields.get("email"));
    if (!email)
      return data({ sent: false, invalid: true } as const, { status: 400, headers: ACCOUNT_HEADERS });
    const next = destinationOf(fields.get("next"));
    const { shopperAuth } = servicesFor(context, "shopperAuth");
    context.afterResponse(() => shopperAuth.requestSignIn(email, next));
    return data({ sent: true, invalid: false } as const, { headers: ACCOUNT_HEADERS });
  } catch (error) {
    return refusalOf(error);
  }
}

export const meta = () => [
  { title: `Your account | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

const inputClass =
  "mt-2 block min-h-12 w-full min-w-0 rounded-xl border bg-ink-800 px-4 text-base text-white placeholder:text-ink-300 focus-visible:border-ember-400";

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, next } = loaderData;
  const sent = actionData && "sent" in actionData && actionData.sent;
  const invalid = actionData && "invalid" in actionData && actionData.invalid;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  if (email) {
    return (
      <>
        <PageIntro eyebrow="Your account" heading="You're signed in">
          <p>
            Signed in as <strong className="break-all text-white">{email}</strong>.
          </p>
        </PageIntro>
        <div className="container-page py-12 sm:py-16">
          <div className="max-w-xl rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8">
            <ul className="space-y-3 text-lg">
              <li>
                <Link to="/results/register" className={TEXT_LINK}>
                  Register a test kit, and see the kits you registered
                </Link>
              </li>
            </ul>
            <form method="post" action="/account/sign-out" className="mt-8">
              <button type="submit" className={buttonClass("secondary", "md")}>
                Sign out
              </button>
            </form>
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      <PageIntro eyebrow="Your account" heading="Sign in">
        <p>
          Your account holds the test kits you register. It has no password: we e-mail you a link that signs
          you in.
        </p>
      </PageIntro>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-xl space-y-6">
          {sent ? (
            <FormNotice tone="success">
              <p>{ACCOUNT_SENT_MESSAGE}</p>
            </FormNotice>
          ) : refusal ? (
            <FormNotice tone="problem">{refusal.message}</FormNotice>
          ) : null}
          <form
            method="post"
            noValidate
            className="rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
          >
            <input type="hidden" name="next" value={next} />
            <label htmlFor="account-email" className="block text-sm font-bold text-white">
              E-mail address
            </label>
            <p id="account-email-hint" className="mt-1 text-sm text-ink-300">
              The first link you use makes your account.
            </p>
            <input
              id="account-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              required
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? "account-email-hint account-email-error" : "account-email-hint"}
              className={`${inputClass} ${invalid ? "border-danger-400" : "border-ink-500"}`}
            />
            {invalid ? (
              <p id="account-email-error" className="mt-2 text-sm font-bold text-danger-400">
                Enter a valid email address.
              </p>
            ) : null}
            <button type="submit" className={buttonClass("primary", "md", "mt-6 w-full sm:w-auto")}>
              E-mail me a sign-in link
            </button>
          </form>
        </div>
      </div>
    </>
  );
}
