import { ADMIN_HEADERS, requireAdmin } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.kits.$batchId.csv";

/** A batch's kit IDs as a CSV for the warehouse to print (one printed ID a line). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = Number(params.batchId);
  const csv = Number.isSafeInteger(id) && id > 0 ? await servicesFor(context, "kits").kits.csv(id) : null;
  if (csv === null) return new Response("No such batch.", { status: 404, headers: ADMIN_HEADERS });
  return new Response(csv, {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="forge-kits-batch-${id}.csv"`,
    },
  });
}
