import { data, Link, redirect } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import {
  bottlesWord,
  CANCEL_PATH,
  cancelPage,
  money,
  SUBSCRIPTION_PATH,
  subscriptionPage,
} from "~/content/account-subscription";
import { pages } from "~/content/routes";
import { ACCOUNT_HEADERS, accountForm, requireShopper } from "~/server/http/account-routes.server";
import { adminRouteHeaders, refusalOf } from "~/server/http/admin-routes.server";
import { failureFor } from "~/server/http/failures.server";
import { enforceRateLimit } from "~/server/http/guards.server";
import { servicesFor } from "~/server/http/route-services.server";
import { manageForm } from "~/server/subscriptions/manage-subscriptions.server";
import { formatWeekdayDay } from "~/shared/dates";
import type { Route } from "./+types/account.subscription.cancel";

/**
 * Cancelling a subscription (issue 36 item 5, decision 132): no more steps than signing up. One page
 * that states what happens (nothing more charged from now; what was paid for still ships; nothing is
 * refunded by it, the guarantee still holds) and one button. Works at any hour; takes effect at once
 * on Stripe; one cancellation e-mail. Signed out, it leads to the sign-in and back here.
 */
export const headers = adminRouteHeaders;

export const meta = () => [{ title: cancelPage.title }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await requireShopper(request, context, CANCEL_PATH);
  const views = await servicesFor(context, "manageSubscriptions").manageSubscriptions.viewFor(shopper);
  const asked = new URL(request.url).searchParams.get("subscription");
  const live = views.filter((view) => view.status.kind !== "canceled");
  const view = asked ? views.find((entry) => entry.id === asked) : live.length === 1 ? live[0] : undefined;
  if (asked && !view) return data({ view: null, missing: true }, { status: 404, headers: ACCOUNT_HEADERS });
  if (!view || view.status.kind === "canceled")
    throw redirect(SUBSCRIPTION_PATH, { headers: ACCOUNT_HEADERS });
  return data({ view, missing: false }, { headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  let fields: URLSearchParams;
  try {
    fields = await accountForm(request, context);
  } catch (error) {
    return refusalOf(error);
  }
  const shopper = await requireShopper(request, context, CANCEL_PATH);
  let target: string;
  try {
    await enforceRateLimit(context, "subscription-change");
    const parsed = manageForm.safeParse(Object.fromEntries(fields));
    if (!parsed.success || parsed.data.intent !== "cancel")
      return data({ problem: subscriptionPage.invalid.other }, { status: 400, headers: ACCOUNT_HEADERS });
    const { changeId } = await servicesFor(context, "manageSubscriptions").manageSubscriptions.cancel(
      shopper,
      parsed.data.subscription,
    );
    target = changeId ? `${SUBSCRIPTION_PATH}?changed=${changeId}` : SUBSCRIPTION_PATH;
  } catch (error) {
    const failure = failureFor(error, { request, context });
    return data(
      { problem: failure.message },
      { status: failure.status, headers: { ...ACCOUNT_HEADERS, ...failure.headers } },
    );
  }
  throw redirect(target, { status: 303, headers: ACCOUNT_HEADERS });
}

export default function CancelSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal.message : null;
  if (!view)
    return (
      <PageIntro heading={cancelPage.heading}>
        <p>{subscriptionPage.notFound}</p>
        <p className="mt-6">
          <Link to={SUBSCRIPTION_PATH} className={TEXT_LINK}>
            Your subscription
          </Link>
        </p>
      </PageIntro>
    );
  const last = view.lastPaid
    ? { on: view.lastPaid.on, amount: money(view.lastPaid.amount, view.currency) }
    : null;
  const next = view.nextCharge ? { on: view.nextCharge.date } : null;
  return (
    <>
      <PageIntro eyebrow={subscriptionPage.eyebrow} heading={cancelPage.heading}>
        <p>{cancelPage.lead}</p>
      </PageIntro>
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-3xl space-y-6">
          {problem || refusal ? <FormNotice tone="problem">{problem ?? refusal}</FormNotice> : null}
          <form
            method="post"
            action={`${CANCEL_PATH}?subscription=${view.id}`}
            aria-labelledby="cancel-consequences"
            className="rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
          >
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="subscription" value={view.id} />
            <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400">
              {view.productTitle}
            </p>
            <p className="mt-2 text-ink-200">
              {bottlesWord(view.quantity)} per delivery
              {view.nextCharge
                ? `, next charge ${money(view.nextCharge.amount, view.currency)} on ${formatWeekdayDay(view.nextCharge.date)}`
                : ""}
              .
            </p>
            <h2 id="cancel-consequences" className="mt-6 text-xl font-extrabold text-white">
              {cancelPage.consequencesHeading}
            </h2>
            <ul className="mt-3 list-disc space-y-3 pl-5 text-ink-100">
              {cancelPage.consequences(last, next).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-4 text-sm">
              <Link to={pages.guarantee.path} className={TEXT_LINK}>
                {cancelPage.guaranteeLink}
              </Link>
            </p>
            <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
              <button type="submit" className={buttonClass("primary", "lg")}>
                {cancelPage.button}
              </button>
              <Link to={SUBSCRIPTION_PATH} className={`${TEXT_LINK} text-center sm:text-left`}>
                {cancelPage.keep}
              </Link>
            </div>
          </form>
        </div>
      </div>
    </>
  );
}
