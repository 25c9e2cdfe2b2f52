import { data, isRouteErrorResponse, Link } from "react-router";
import { OrderItems, OrderSideFacts } from "~/components/orders/order-details";
import { OrderStatus } from "~/components/orders/order-status";
import { NOT_FOUND_TITLE, NotFound } from "~/components/sections/not-found";
import { StatusPanel } from "~/components/sections/status-panel";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand, paths, support } from "~/content/site";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/orders.$token";

/**
 * The shopper's order page, reached from the confirmation e-mail's signed link (issue 16 item 5): the
 * order, the address and the status read from Shopify. Rendered per request for one person: never
 * prerendered, cached or indexed. A link that is not ours is a 404; one of ours past its date, a 410.
 */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export function headers() {
  return PRIVATE;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await servicesFor(context, "orderTracking").orderTracking.page(params.token);
  if (page.kind === "not_found") throw data(null, { status: 404, headers: PRIVATE });
  return data(page, { status: page.kind === "expired" ? 410 : 200, headers: PRIVATE });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title:
      loaderData?.kind === "order"
        ? `Order #${loaderData.order.orderNumber} | ${brand.name}`
        : loaderData?.kind === "expired"
          ? `Order link expired | ${brand.name}`
          : `${NOT_FOUND_TITLE} | ${brand.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind !== "order") {
    return (
      <StatusPanel icon="clock" tone="warning" heading="This order link has expired">
        <p>
          For your privacy, order links stop working after a while. Your order is not affected. To see it
          again, write to{" "}
          <a href={`mailto:${support.email}`} className={TEXT_LINK}>
            {support.email}
          </a>{" "}
          from the address you ordered with, or use our{" "}
          <Link to={paths.contact} className={TEXT_LINK}>
            contact page
          </Link>
          , and we'll send you a fresh link.
        </p>
      </StatusPanel>
    );
  }
  const { order } = loaderData;
  return (
    <>
      <section className="border-b border-white/10 bg-ink-950">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400">Your order</p>
          <h1 className="heading-display mt-3 text-headline text-white" data-testid="order-number">
            {`Order #${order.orderNumber}`}
          </h1>
          <p className="mt-3 text-ink-200">Placed {order.placedOn}</p>
        </div>
      </section>
      <div className="container-page grid gap-6 py-10 sm:py-14 lg:grid-cols-[1.5fr_1fr]">
        <div className="grid content-start gap-6">
          <OrderStatus status={order.status} />
          <OrderItems order={order} />
        </div>
        <OrderSideFacts order={order} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <StatusPanel icon="alert" tone="warning" heading="We couldn't show this order">
      <p>
        Please try again in a moment. If it keeps happening, write to{" "}
        <a href={`mailto:${support.email}`} className={TEXT_LINK}>
          {support.email}
        </a>
        .
      </p>
    </StatusPanel>
  );
}
