import { data, redirect } from "react-router";
import { AdminFrame, AdminNotice } from "~/components/admin/admin-frame";
import { KitStateCounts, kitStateWords } from "~/components/admin/kit-states";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import {
  ADMIN_HEADERS,
  adminRouteHeaders,
  outcomeFlag,
  requireAdmin,
  signedInAdminForm,
} from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import { batchView } from "~/server/kits/kits.server";
import { formatDay } from "~/shared/dates";
import { formatKitId } from "~/shared/kit-id";
import type { Route } from "./+types/admin.kits.$batchId";

/** One batch: its CSV to print, "Shipped to the warehouse", and every kit with its state. */
export const headers = adminRouteHeaders;

const batchIdOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const id = batchIdOf(params.batchId);
  const found = id ? await servicesFor(context, "kits").kits.batch(id) : null;
  if (!found) throw data("No such batch.", { status: 404, headers: ADMIN_HEADERS });
  const url = new URL(request.url);
  return data(
    {
      batch: batchView(found.batch),
      kits: found.kits.map((kit) => ({ id: formatKitId(kit.id), state: kit.state })),
      heldReviews: await servicesFor(context, "adminReviews").adminReviews.heldCount(),
      email: session.email,
      made: outcomeFlag(url, "made"),
      shipped: outcomeFlag(url, "shipped"),
    },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await signedInAdminForm(request, context);
  if ("refused" in form) return form.refused;
  const id = batchIdOf(params.batchId);
  if (!id || form.fields.get("intent") !== "mark-shipped")
    return data(
      { refusal: { status: 400, message: "Unknown action." } },
      { status: 400, headers: ADMIN_HEADERS },
    );
  const shipped = await servicesFor(context, "kits").kits.markShipped(id, form.session.email);
  throw redirect(`/admin/kits/${id}?shipped=${shipped ? 1 : 0}`, { status: 303, headers: ADMIN_HEADERS });
}

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `Kit batch ${params.batchId} | Back office | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminKitBatch({ loaderData, actionData }: Route.ComponentProps) {
  const { batch, kits, heldReviews, email, made, shipped } = loaderData;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  return (
    <AdminFrame heading={`Kit batch ${batch.id}`} signedInAs={email} nav={{ current: "kits", heldReviews }}>
      <div className="space-y-4">
        {refusal ? <AdminNotice tone="problem">{refusal.message}</AdminNotice> : null}
        {made ? (
          <AdminNotice tone="info">{`Batch made: ${batch.size} new kit IDs. Download the CSV for the warehouse to print.`}</AdminNotice>
        ) : null}
        {shipped === true ? (
          <AdminNotice tone="info">
            Marked shipped to the warehouse: its kits can now be registered.
          </AdminNotice>
        ) : shipped === false ? (
          <AdminNotice tone="problem">This batch was already marked shipped.</AdminNotice>
        ) : null}
      </div>
      <div className="mt-6 rounded-card border border-white/10 bg-ink-800 p-6">
        <p className="text-ink-200">
          {`${batch.size} kits, made ${formatDay(batch.createdAt)} by ${batch.createdBy}. `}
          {batch.shippedAt
            ? `Shipped to the warehouse ${formatDay(batch.shippedAt)}: its kits can be registered.`
            : "Not shipped to the warehouse yet: none of its kits can be registered until it is."}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={`/admin/kits/${batch.id}/csv`} download className={buttonClass("secondary", "md")}>
            Download the CSV to print
          </a>
          {batch.shippedAt ? null : (
            <form method="post">
              <input type="hidden" name="intent" value="mark-shipped" />
              <button type="submit" className={buttonClass("primary", "md")}>
                Mark shipped to the warehouse
              </button>
            </form>
          )}
        </div>
        <div className="mt-6">
          <KitStateCounts states={batch.states} />
        </div>
      </div>
      <section
        className="mt-8 overflow-x-auto rounded-card border border-white/10 bg-ink-800"
        aria-labelledby="kits-caption"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone, so a keyboard must reach it (axe scrollable-region-focusable).
        tabIndex={0}
      >
        <table className="w-full text-left text-sm" data-testid="batch-kits">
          <caption id="kits-caption" className="sr-only">
            {`The kits of batch ${batch.id} and their states`}
          </caption>
          <thead className="border-b border-white/10 text-xs uppercase tracking-wide text-ink-300">
            <tr>
              <th scope="col" className="px-4 py-3">
                Kit ID
              </th>
              <th scope="col" className="px-4 py-3">
                State
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10">
            {kits.map((kit) => (
              <tr key={kit.id} data-kit={kit.id}>
                <th scope="row" className="px-4 py-2 font-mono font-bold text-white">
                  {kit.id}
                </th>
                <td className="px-4 py-2 text-ink-100">{kitStateWords[kit.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="mt-6">
        <a href="/admin/kits" className={TEXT_LINK}>
          All batches
        </a>
      </p>
    </AdminFrame>
  );
}
