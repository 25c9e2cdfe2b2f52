import { data, Link } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminOrderDetailView } from "~/components/admin/order-detail";
import { CloseOutcome, RetryOutcome } from "~/components/admin/order-states";
import { OrderSubscriptionCard } from "~/components/admin/subscriptions";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import { orderNumberOf } from "~/server/admin/admin-orders.server";
import {
  ADMIN_HEADERS,
  adminRouteHeaders,
  outcomeFlag,
  requireAdmin,
} from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.orders.$orderNumber";

/**
 * One order for the operator answering its shopper (decision 088): what the shopper's page shows and
 * what only the back office knows, "Retry sync" where Shopify refused it and "Close request" on an open
 * guarantee request (both posted to the order list's action, which brings the operator back here), and
 * a fresh link to the shopper's page. Signed-in operators only; an order number that does not exist is
 * a 404 inside the back office's frame.
 */
export const headers = adminRouteHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { adminOrderDetails, adminReviews, adminSubscriptions } = servicesFor(
    context,
    "adminOrderDetails",
    "adminReviews",
    "adminSubscriptions",
  );
  const orderNumber = orderNumberOf(params.orderNumber);
  const [detail, heldReviews] = await Promise.all([
    orderNumber === undefined ? undefined : adminOrderDetails.detail(orderNumber),
    adminReviews.heldCount(),
  ]);
  // An order that renews a subscription shows it, and the subscription's other orders (issue 36 item 7).
  const subscription = detail ? await adminSubscriptions.ofOrder(detail) : null;
  const url = new URL(request.url);
  return data(
    {
      detail: detail ?? null,
      subscription,
      asked: params.orderNumber.slice(0, 20),
      heldReviews,
      email: session.email,
      retried: outcomeFlag(url, "retried"),
      closed: outcomeFlag(url, "closed"),
    },
    { status: detail ? 200 : 404, headers: ADMIN_HEADERS },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: `${loaderData?.detail ? `Order #${loaderData.detail.orderNumber}` : "No such order"} | Back office | ${brand.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { detail, subscription, asked, heldReviews, email, retried, closed } = loaderData;
  return (
    <AdminFrame
      heading={detail ? `Order #${detail.orderNumber}` : "No such order"}
      signedInAs={email}
      nav={{ current: "orders", heldReviews }}
    >
      <div className="space-y-6">
        <Link to="/admin/orders" className={`${TEXT_LINK} inline-flex min-h-12 items-center`}>
          ← All orders
        </Link>
        <RetryOutcome retried={retried} />
        <CloseOutcome closed={closed} />
        {detail ? (
          <AdminOrderDetailView
            detail={detail}
            aside={subscription ? <OrderSubscriptionCard subscription={subscription} /> : null}
          />
        ) : (
          <p className="rounded-card border border-white/10 bg-ink-800 p-6 text-ink-200">
            {`There is no order #${asked}. Search the order list by number or e-mail address.`}
          </p>
        )}
      </div>
    </AdminFrame>
  );
}
