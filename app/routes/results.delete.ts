import { redirect } from "react-router";
import { ACCOUNT_HEADERS, accountForm, requireShopper } from "~/server/http/account-routes.server";
import { refusalOf } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import { formatKitId, readKitId } from "~/shared/kit-id";
import type { Route } from "./+types/results.delete";

/**
 * POST /results/delete (issue 35 item 7, "delete sooner"): the signed-in shopper deletes the result of
 * one of their kits, every version of it, at once. `kitId` names the kit; back to /results after. Only
 * the kit's registrant can: anyone else is told there is no such result of theirs.
 */
export async function loader() {
  return redirect("/results", { headers: ACCOUNT_HEADERS });
}

const answer = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { ...ACCOUNT_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });

export async function action({ request, context }: Route.ActionArgs) {
  let fields: URLSearchParams;
  try {
    fields = await accountForm(request, context);
  } catch (error) {
    return refusalOf(error);
  }
  const session = await requireShopper(request, context, "/results");
  const kit = readKitId((fields.get("kitId") ?? "").slice(0, 40));
  if (!kit.ok) return answer(400, "That is not a kit ID.");
  const deleted = await servicesFor(context, "kitResults").kitResults.deleteResult(
    session.shopperId,
    kit.kitId,
  );
  if (!deleted) return answer(404, "You have no result with this kit ID.");
  throw redirect(`/results?deleted=${formatKitId(kit.kitId)}`, { status: 303, headers: ACCOUNT_HEADERS });
}
