import type { AppServices } from "./services.server";

/**
 * What loaders and actions may reach, through `servicesFor` (app/server/http/route-services.server.ts):
 * the domain services and the settings, never a raw outside-system client (database, catalog,
 * payments, mailer, Shopify's orders), a cache, a queue or a background job (issue 33 item 4). A new
 * route-facing service is added to this list; its adapters stay below it.
 */
export const routeServiceNames = [
  "env",
  "logger",
  "rateLimiter",
  "catalogConfig",
  "productLookup",
  "productCreation",
  "checkout",
  "fulfilment",
  "paymentEvents",
  "subscribe",
  "manageSubscriptions",
  "subscribePage",
  "orderTracking",
  "newsletter",
  "contact",
  "guarantee",
  "reviews",
  "reviewListing",
  "reviewForm",
  "adminAuth",
  "adminOrders",
  "adminOrderDetails",
  "adminReviews",
  "adminSubscriptions",
  "quiz",
  "shopperAuth",
  "passkeys",
  "kits",
  "kitResults",
  "resultsPage",
  "labInbox",
] as const satisfies readonly (keyof AppServices)[];

export type RouteServices = Pick<AppServices, (typeof routeServiceNames)[number]>;

/** The route-facing record of `services`: made once per process, handed to every request's load context. */
export function routeServicesOf(services: AppServices): RouteServices {
  return Object.fromEntries(routeServiceNames.map((name) => [name, services[name]])) as RouteServices;
}
