import { data, Link, redirect } from "react-router";
import { AdminFrame, AdminNotice } from "~/components/admin/admin-frame";
import { GuaranteeRequests } from "~/components/admin/guarantee-requests";
import { OrderSearch } from "~/components/admin/order-search";
import { CloseOutcome, RetryOutcome } from "~/components/admin/order-states";
import { OrdersTable } from "~/components/admin/orders-table";
import { CustomerSubscriptions } from "~/components/admin/subscriptions";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import { orderNumberOf, orderSearchOf } from "~/server/admin/admin-orders.server";
import {
  ADMIN_HEADERS,
  adminRouteHeaders,
  outcomeFlag,
  requireAdmin,
  signedInAdminForm,
} from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.orders";

/**
 * Recent orders for the operator (issue 16 item 7): payment, the order's copy in Shopify and the
 * confirmation e-mail, newest first, 25 a page; and "Retry sync" where Shopify refused or keeps failing.
 * Above them, the open 60-day guarantee requests, each closed here once refunded (issue 17 item 3).
 * Signed-in operators only; anyone else is sent to the sign-in page.
 */
const pageOf = (value: string | null) => {
  const page = Number(value ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};

export const headers = adminRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { adminOrders, guarantee, adminReviews, adminSubscriptions } = servicesFor(
    context,
    "adminOrders",
    "guarantee",
    "adminReviews",
    "adminSubscriptions",
  );
  const url = new URL(request.url);
  const search = orderSearchOf(url.searchParams.get("q"));
  const [list, guaranteeRequests, heldReviews, customerSubscriptions] = await Promise.all([
    adminOrders.list(pageOf(url.searchParams.get("page")), url.searchParams.get("q")),
    guarantee.openRequests(),
    adminReviews.heldCount(),
    // Searched by a customer's address: their subscriptions too (issue 36 item 7).
    search.kind === "email" ? adminSubscriptions.ofCustomer(search.email) : [],
  ]);
  return data(
    {
      ...list,
      guaranteeRequests,
      heldReviews,
      customerSubscriptions,
      email: session.email,
      retried: outcomeFlag(url, "retried"),
      closed: outcomeFlag(url, "closed"),
    },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await signedInAdminForm(request, context);
  const { adminOrders, guarantee } = servicesFor(context, "adminOrders", "guarantee");
  if ("refused" in form) return form.refused;
  const { fields } = form;
  const page = pageOf(fields.get("page"));
  // Post/redirect/get: a reload shows the list (or the order's page it was sent from) and posts nothing.
  const orderNumber = orderNumberOf(fields.get("orderNumber"));
  const query = (fields.get("q") ?? "").trim().slice(0, 320);
  const back = (outcome: string) =>
    redirect(
      orderNumber !== undefined
        ? `/admin/orders/${orderNumber}?${outcome}`
        : `/admin/orders?${query ? `q=${encodeURIComponent(query)}&` : ""}page=${page}&${outcome}`,
      { status: 303, headers: ADMIN_HEADERS },
    );
  if (fields.get("intent") === "close-guarantee") {
    const closed = await guarantee.close(fields.get("requestId") ?? "");
    throw back(`closed=${closed ? 1 : 0}`);
  }
  if (fields.get("intent") !== "retry-sync")
    return data(
      { refusal: { status: 400, message: "Unknown action." } },
      { status: 400, headers: ADMIN_HEADERS },
    );
  const retried = await adminOrders.retrySync(fields.get("syncId") ?? "");
  throw back(`retried=${retried ? 1 : 0}`);
}

export const meta = () => [
  { title: `Orders | Back office | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    orders,
    page,
    hasNext,
    hasPrevious,
    email,
    retried,
    closed,
    guaranteeRequests,
    heldReviews,
    query,
    queryProblem,
    customerSubscriptions,
  } = loaderData;
  const pageLink = (to: number) =>
    `/admin/orders?${query ? `q=${encodeURIComponent(query)}&` : ""}page=${to}`;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  return (
    <AdminFrame heading="Orders" signedInAs={email} nav={{ current: "orders", heldReviews }}>
      <div className="space-y-6">
        {refusal ? <AdminNotice tone="problem">{refusal.message}</AdminNotice> : null}
        <RetryOutcome retried={retried} />
        <CloseOutcome closed={closed} />
        <GuaranteeRequests requests={guaranteeRequests} />
        <h2 className="pt-4 text-xl font-extrabold text-white">Orders</h2>
        <OrderSearch query={query} problem={queryProblem} />
        <CustomerSubscriptions subscriptions={customerSubscriptions} />
        {queryProblem ? null : orders.length === 0 ? (
          <p className="rounded-card border border-white/10 bg-ink-800 p-6 text-ink-200">
            {query ? `No order matches “${query}”.` : page > 1 ? "No orders on this page." : "No orders yet."}
          </p>
        ) : (
          <OrdersTable orders={orders} page={page} query={query} />
        )}
        {hasPrevious || hasNext ? (
          <nav aria-label="Pages of orders" className="flex justify-between gap-4">
            {hasPrevious ? (
              <Link to={pageLink(page - 1)} className={TEXT_LINK}>
                ← Newer orders
              </Link>
            ) : (
              <span />
            )}
            <span className="text-ink-300">Page {page}</span>
            {hasNext ? (
              <Link to={pageLink(page + 1)} className={TEXT_LINK}>
                Older orders →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </AdminFrame>
  );
}
