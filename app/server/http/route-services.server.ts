import type { AppLoadContext } from "react-router";
import type { RouteServices } from "~/server/runtime/route-services.server";

/**
 * The few services a loader or action needs, named where it uses them (issue 33 item 4): a record of
 * those and nothing else, so a route's dependencies are read off its own lines and a route cannot
 * reach a service it did not name. The load context carries only the route-facing services
 * (`routeServicesOf`), never a raw outside-system client; routes read it only through this
 * (tests/unit/module-graph.test.ts).
 */
export function servicesFor<const Name extends keyof RouteServices>(
  context: AppLoadContext,
  ...names: Name[]
): Pick<RouteServices, Name> {
  const picked: Partial<Pick<RouteServices, Name>> = {};
  for (const name of names) picked[name] = context.services[name];
  return picked as Pick<RouteServices, Name>;
}
