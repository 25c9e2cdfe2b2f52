import { data, Link, redirect } from "react-router";
import { confirmationOf, SubscriptionPanel } from "~/components/account-subscription/subscription-panel";
import { PageIntro } from "~/components/sections/page-intro";
import { FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { SUBSCRIPTION_PATH, subscriptionPage } from "~/content/account-subscription";
import { pages } from "~/content/routes";
import { ACCOUNT_HEADERS, accountForm, requireShopper, shopperOf } from "~/server/http/account-routes.server";
import { adminRouteHeaders, refusalOf } from "~/server/http/admin-routes.server";
import { failureFor } from "~/server/http/failures.server";
import { enforceRateLimit } from "~/server/http/guards.server";
import { servicesFor } from "~/server/http/route-services.server";
import { manageForm } from "~/server/subscriptions/manage-subscriptions.server";
import type { Route } from "./+types/account.subscription";

/**
 * A subscriber's own subscription (issue 36 item 5, decision 132). Signed out: what the page holds and
 * the way in. Signed in: each subscription of the shopper's e-mail address with its next charge and
 * amount, status and calendar, and a plain form per change (skip, pause, cycle, bottles), each carried
 * to Stripe, recorded and e-mailed, then answered by a redirect to this page with its confirmation;
 * "Update card or billing address" opens a fresh Stripe customer portal session. Every post: Origin
 * checked, signed in, rate-limited, validated (zod), the subscription the shopper's own (else 404).
 */
export const headers = adminRouteHeaders;

export const meta = () => [
  { title: subscriptionPage.title },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await shopperOf(request, context);
  if (!shopper) return data({ email: null, views: [], changed: null }, { headers: ACCOUNT_HEADERS });
  const views = await servicesFor(context, "manageSubscriptions").manageSubscriptions.viewFor(shopper);
  const changed = new URL(request.url).searchParams.get("changed");
  return data({ email: shopper.email, views, changed }, { headers: ACCOUNT_HEADERS });
}

type Problem = { problem: { message: string; subscription: string | null } };

const invalidWords: Record<string, string> = {
  pause: subscriptionPage.invalid.weeks,
  cycle: subscriptionPage.invalid.cycle,
  quantity: subscriptionPage.invalid.quantity,
};

export async function action({ request, context }: Route.ActionArgs) {
  let fields: URLSearchParams;
  try {
    fields = await accountForm(request, context);
  } catch (error) {
    return refusalOf(error);
  }
  const shopper = await requireShopper(request, context, SUBSCRIPTION_PATH);
  const subscription = fields.get("subscription");
  const problem = (status: number, message: string, extra: Record<string, string> = {}) =>
    data<Problem>(
      { problem: { message, subscription } },
      { status, headers: { ...ACCOUNT_HEADERS, ...extra } },
    );
  let target: string;
  try {
    await enforceRateLimit(context, "subscription-change");
    const parsed = manageForm.safeParse(Object.fromEntries(fields));
    if (!parsed.success || parsed.data.intent === "cancel")
      return problem(400, invalidWords[fields.get("intent") ?? ""] ?? subscriptionPage.invalid.other);
    const input = parsed.data;
    const { manageSubscriptions } = servicesFor(context, "manageSubscriptions");
    if (input.intent === "portal") target = await manageSubscriptions.portal(shopper, input.subscription);
    else {
      const { changeId } = await manageSubscriptions.change(shopper, input);
      target = `${SUBSCRIPTION_PATH}?changed=${changeId}`;
    }
  } catch (error) {
    const failure = failureFor(error, { request, context });
    return problem(failure.status, failure.message, failure.headers);
  }
  throw redirect(target, { status: 303, headers: ACCOUNT_HEADERS });
}

export default function AccountSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, views, changed } = loaderData;
  if (!email) return <SignedOut />;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const noticeFor = (view: (typeof views)[number]) => {
    if (problem && problem.subscription === view.id)
      return <FormNotice tone="problem">{problem.message}</FormNotice>;
    const confirmation = confirmationOf(view, changed);
    return confirmation ? <FormNotice tone="success">{confirmation}</FormNotice> : null;
  };
  const placed = problem ? views.some((view) => view.id === problem.subscription) : false;
  const loose = refusal?.message ?? (problem && !placed ? problem.message : null);
  return (
    <>
      <PageIntro eyebrow={subscriptionPage.eyebrow} heading={subscriptionPage.heading}>
        <p>{subscriptionPage.lead(email)}</p>
      </PageIntro>
      <div className="container-page space-y-12 py-12 sm:py-16">
        {loose ? (
          <div className="max-w-3xl">
            <FormNotice tone="problem">{loose}</FormNotice>
          </div>
        ) : null}
        {views.length > 0 ? (
          views.map((view) => <SubscriptionPanel key={view.id} view={view} notice={noticeFor(view)} />)
        ) : (
          <section
            aria-labelledby="subscription-none"
            className="max-w-3xl rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
          >
            <h2 id="subscription-none" className="text-2xl font-extrabold text-white">
              {subscriptionPage.none.heading}
            </h2>
            <p className="mt-3 text-ink-200">{subscriptionPage.none.text(email)}</p>
            <Link to={pages.enhancer.path} className={buttonClass("primary", "md", "mt-6")}>
              {subscriptionPage.none.shop}
            </Link>
          </section>
        )}
        <p className="text-ink-300">
          <Link to="/account" className={TEXT_LINK}>
            Your account
          </Link>
          : sign-in, passkeys, test kits.
        </p>
      </div>
    </>
  );
}

function SignedOut() {
  const { signedOut } = subscriptionPage;
  return (
    <PageIntro eyebrow={subscriptionPage.eyebrow} heading={signedOut.heading}>
      <p>{signedOut.lead}</p>
      <p className="mt-6">
        <Link to={`/account?next=${SUBSCRIPTION_PATH}`} className={buttonClass("primary", "md")}>
          {signedOut.signIn}
        </Link>
      </p>
      <p className="mt-4 text-base text-ink-300">{signedOut.noPassword}</p>
    </PageIntro>
  );
}
