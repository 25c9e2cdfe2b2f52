import { ACCOUNT_HEADERS, requireShopper } from "~/server/http/account-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import { resultsBundle } from "~/server/results/results-bundle.server";
import type { Route } from "./+types/results.download";

/**
 * "Download my results" (issue 35 item 6): the signed-in person's results as a FHIR R4 Bundle, sent as
 * a file and never stored by a cache. Signed out, it leads to sign-in and back to the results page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await requireShopper(request, context, "/results");
  const results = await servicesFor(context, "kitResults").kitResults.resultsFor(shopper.shopperId);
  const now = new Date();
  return new Response(`${JSON.stringify(resultsBundle(results, now), null, 2)}\n`, {
    headers: {
      ...ACCOUNT_HEADERS,
      "Content-Type": "application/fhir+json; charset=utf-8",
      "Content-Disposition": `attachment; filename="forge-results-${now.toISOString().slice(0, 10)}.json"`,
    },
  });
}
