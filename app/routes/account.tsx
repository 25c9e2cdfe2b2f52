import { data, Link } from "react-router";
import { type ListedPasskey, PasskeyList } from "~/components/account/passkey-list";
import { PasskeySignIn } from "~/components/account/passkey-sign-in";
import { EmailLinkFields } from "~/components/auth/email-link-fields";
import { PageIntro } from "~/components/sections/page-intro";
import { FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import { normalizeEmailAddress } from "~/contracts/email-address";
import { destinationOf } from "~/server/accounts/shopper-auth.server";
import { accountCookie } from "~/server/http/account-cookie.server";
import {
  ACCOUNT_HEADERS,
  accountForm,
  limitAccountSignIn,
  requireShopper,
  shopperOf,
} from "~/server/http/account-routes.server";
import { refusalOf } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/account";

/**
 * A shopper's account (issue 35 item 2): no password. An e-mail address in, a single-use sign-in link
 * out; the same answer for every address, given before the link is made, so it tells no one whether an
 * account exists; or a passkey (decision 116). Signed in, the page says so, leads to the kit pages and
 * lists the account's passkeys (added, removed here).
 */
export const ACCOUNT_SENT_MESSAGE =
  "Check your inbox: a sign-in link is on its way, unless an unused one is already there. It works once, for 15 minutes.";

export const PASSKEY_REMOVED_MESSAGE =
  "Passkey removed: it no longer signs in, and every other device signed in to your account is signed out.";

export const headers = () => ACCOUNT_HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await shopperOf(request, context);
  const next = destinationOf(new URL(request.url).searchParams.get("next"));
  const listed = session ? await servicesFor(context, "passkeys").passkeys.list(session.shopperId) : [];
  const passkeys: ListedPasskey[] = listed.map((passkey) => ({
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  }));
  return data({ email: session?.email ?? null, next, passkeys }, { headers: ACCOUNT_HEADERS });
}

/** Removing a passkey: a plain form on the signed-in page (decision 116). */
async function removePasskey(request: Request, context: Route.ActionArgs["context"], id: string) {
  const owner = await requireShopper(request, context, "/account");
  const removed = await servicesFor(context, "passkeys").passkeys.remove(
    owner,
    id,
    accountCookie.read(request),
  );
  return data({ removed } as const, { status: removed ? 200 : 404, headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const fields = await accountForm(request, context);
    if (fields.get("intent") === "remove-passkey")
      return await removePasskey(request, context, fields.get("passkey") ?? "");
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

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, next, passkeys } = loaderData;
  const sent = actionData && "sent" in actionData && actionData.sent;
  const invalid = actionData && "invalid" in actionData && actionData.invalid;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  if (email) {
    const removed = actionData && "removed" in actionData ? actionData.removed : null;
    return (
      <>
        <PageIntro eyebrow="Your account" heading="You're signed in">
          <p>
            Signed in as <strong className="break-all text-white">{email}</strong>.
          </p>
        </PageIntro>
        <div className="container-page py-12 sm:py-16">
          <div className="grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
            <div className="rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8">
              <h2 className="text-xl font-bold text-white">Test kits</h2>
              <ul className="mt-3 space-y-3 text-lg">
                <li>
                  <Link to="/results/register" className={TEXT_LINK}>
                    Register a test kit, and see the kits you registered
                  </Link>
                </li>
              </ul>
              <h2 className="mt-8 text-xl font-bold text-white">Subscription</h2>
              <ul className="mt-3 space-y-3 text-lg">
                <li>
                  <Link to="/account/subscription" className={TEXT_LINK}>
                    Your subscription: next charge, skip, pause, change or cancel
                  </Link>
                </li>
              </ul>
              <form method="post" action="/account/sign-out" className="mt-8">
                <button type="submit" className={buttonClass("secondary", "md")}>
                  Sign out
                </button>
              </form>
            </div>
            <div className="space-y-6">
              {removed === true ? (
                <FormNotice tone="success">
                  <p>{PASSKEY_REMOVED_MESSAGE}</p>
                </FormNotice>
              ) : removed === false ? (
                <FormNotice tone="problem">That passkey was already removed.</FormNotice>
              ) : refusal ? (
                <FormNotice tone="problem">{refusal.message}</FormNotice>
              ) : null}
              <PasskeyList passkeys={passkeys} />
            </div>
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
          you in, or you use a passkey you added to it.
        </p>
      </PageIntro>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-5xl space-y-6">
          {sent ? (
            <FormNotice tone="success">
              <p>{ACCOUNT_SENT_MESSAGE}</p>
            </FormNotice>
          ) : refusal ? (
            <FormNotice tone="problem">{refusal.message}</FormNotice>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <form
              method="post"
              noValidate
              className="rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
            >
              <input type="hidden" name="next" value={next} />
              <h2 className="text-lg font-bold text-white">Sign in by e-mail</h2>
              <EmailLinkFields
                id="account-email"
                hint="The first link you use makes your account."
                invalid={Boolean(invalid)}
                surface="bg-ink-800"
                className="mt-4"
              />
            </form>
            <PasskeySignIn next={next} />
          </div>
        </div>
      </div>
    </>
  );
}
