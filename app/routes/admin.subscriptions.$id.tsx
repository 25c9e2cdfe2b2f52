import { data, Link } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import { SubscriptionDetailView } from "~/components/admin/subscriptions";
import { TEXT_LINK } from "~/components/ui/text-link";
import { adminSubscriptionsCopy as copy } from "~/content/admin-subscriptions";
import { brand } from "~/content/site";
import { ADMIN_HEADERS, adminRouteHeaders, requireAdmin } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.subscriptions.$id";

/**
 * One subscription for the operator (issue 36 item 7): its terms, where it stands, its cycle's
 * calendar with what became of each charge, its orders (each a link to the order's page) and its
 * failed payments. Signed-in operators only; an id that names no subscription is a 404 inside the
 * back office's frame.
 */
export const headers = adminRouteHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { adminSubscriptions, adminReviews } = servicesFor(context, "adminSubscriptions", "adminReviews");
  const [detail, heldReviews] = await Promise.all([
    adminSubscriptions.detail(params.id),
    adminReviews.heldCount(),
  ]);
  return data(
    { detail: detail ?? null, asked: params.id.slice(0, 40), heldReviews, email: session.email },
    { status: detail ? 200 : 404, headers: ADMIN_HEADERS },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: `${loaderData?.detail ? `Subscription of ${loaderData.detail.customerEmail ?? "a pending checkout"}` : "No such subscription"} | Back office | ${brand.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminSubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { detail, asked, heldReviews, email } = loaderData;
  return (
    <AdminFrame
      heading={detail ? "Subscription" : "No such subscription"}
      signedInAs={email}
      nav={{ current: "subscriptions", heldReviews }}
    >
      <div className="space-y-6">
        <Link to="/admin/subscriptions" className={`${TEXT_LINK} inline-flex min-h-12 items-center`}>
          ← All subscriptions
        </Link>
        {detail ? (
          <>
            <p className="text-lg text-ink-100 [overflow-wrap:anywhere]">
              {`${detail.productTitle} for ${detail.customerEmail ?? "a checkout not yet completed"}`}
            </p>
            <SubscriptionDetailView detail={detail} />
          </>
        ) : (
          <p className="rounded-card border border-white/10 bg-ink-800 p-6 text-ink-200">
            {copy.notFound(asked)}
          </p>
        )}
      </div>
    </AdminFrame>
  );
}
