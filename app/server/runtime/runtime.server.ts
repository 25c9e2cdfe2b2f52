/**
 * What the Node entry (server.ts) takes from the server build: the environment's parser, the logger,
 * and the services. server.ts reaches this through the build's entry module (app/entry.server.tsx
 * re-exports it as `runtime`), so the services, their error classes and the routes that catch them are
 * one copy of each module (docs/decisions/070-one-module-graph.md).
 */

export { DataDirectoryInUseError } from "~/server/db/pglite-lock.server";
export { DRAIN_MAX_BYTES, DRAIN_MAX_MS } from "~/server/http/body-limits";
export { sandboxLabLink } from "~/server/kits/sandbox-lab-link.server";
export { recordSampleReviews } from "~/server/reviews/samples.server";
export { shownOffers, warmShownOffers } from "~/server/shopify/lookup.server";
export { defaultPublicSiteUrl, InvalidEnvironmentError, parseEnv } from "./env.server";
export { createLogger, flushLogs } from "./logger.server";
export { routeServicesOf } from "./route-services.server";
export { CLOSE_SERVICES_MS, closeServices, createServices } from "./services.server";
