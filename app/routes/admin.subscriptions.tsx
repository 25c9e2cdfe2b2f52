import { data } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import {
  SubscriptionPages,
  SubscriptionStateFilter,
  SubscriptionsTable,
} from "~/components/admin/subscriptions";
import { adminSubscriptionsCopy as copy } from "~/content/admin-subscriptions";
import { brand } from "~/content/site";
import { pageOf, stateFilterOf } from "~/server/admin/admin-subscriptions.server";
import { ADMIN_HEADERS, adminRouteHeaders, requireAdmin } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.subscriptions";

/**
 * Subscriptions for the operator (issue 36 item 7; docs/decisions/135-…): each one's customer, state,
 * cycle, bottles, price per delivery, next charge from the cycle's calendar, paid orders and failed
 * payments, newest first, 25 a page, filtered by state. Read only: the subscriber manages their
 * subscription, Stripe its payments. Signed-in operators only; anyone else is sent to the sign-in page.
 */
export const headers = adminRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { adminSubscriptions, adminReviews } = servicesFor(context, "adminSubscriptions", "adminReviews");
  const url = new URL(request.url);
  const [list, heldReviews] = await Promise.all([
    adminSubscriptions.list(
      stateFilterOf(url.searchParams.get("state")),
      pageOf(url.searchParams.get("page")),
    ),
    adminReviews.heldCount(),
  ]);
  return data({ ...list, heldReviews, email: session.email }, { headers: ADMIN_HEADERS });
}

export const meta = () => [
  { title: `Subscriptions | Back office | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminSubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { subscriptions, state, page, hasPrevious, hasNext, heldReviews, email } = loaderData;
  return (
    <AdminFrame heading="Subscriptions" signedInAs={email} nav={{ current: "subscriptions", heldReviews }}>
      <div className="space-y-6">
        <SubscriptionStateFilter state={state} />
        {state ? <p className="text-ink-200">{copy.stateHelp[state]}</p> : null}
        {subscriptions.length === 0 ? (
          <p className="rounded-card border border-white/10 bg-ink-800 p-6 text-ink-200">
            {page > 1 ? copy.noneOnPage : state ? copy.noneInState : copy.none}
          </p>
        ) : (
          <SubscriptionsTable rows={subscriptions} />
        )}
        <SubscriptionPages state={state} page={page} hasPrevious={hasPrevious} hasNext={hasNext} />
      </div>
    </AdminFrame>
  );
}
