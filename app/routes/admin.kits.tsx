import { data, Link, redirect } from "react-router";
import { AdminFrame, AdminNotice } from "~/components/admin/admin-frame";
import { KitStateCounts } from "~/components/admin/kit-states";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import { MAX_BATCH_SIZE } from "~/contracts/kits";
import {
  ADMIN_HEADERS,
  adminRouteHeaders,
  requireAdmin,
  signedInAdminForm,
} from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import { batchView } from "~/server/kits/kits.server";
import { formatDay } from "~/shared/dates";
import type { Route } from "./+types/admin.kits";

/**
 * Kit batches (issue 35 item 1): make a batch of printed IDs for the warehouse, download it as a CSV to
 * print, mark it shipped to the warehouse (its kits can be registered from then on), and see how many
 * of its kits are in each state. States only: the back office never sees a date of birth or a result.
 */
export const headers = adminRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const [batches, heldReviews] = await Promise.all([
    servicesFor(context, "kits").kits.batches(),
    servicesFor(context, "adminReviews").adminReviews.heldCount(),
  ]);
  const made = Number(new URL(request.url).searchParams.get("made")) || null;
  return data(
    { batches: batches.map(batchView), heldReviews, email: session.email, made },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await signedInAdminForm(request, context);
  if ("refused" in form) return form.refused;
  const size = Number((form.fields.get("size") ?? "").trim());
  if (!Number.isInteger(size) || size < 1 || size > MAX_BATCH_SIZE)
    return data(
      {
        refusal: { status: 400, message: `A batch holds 1 to ${MAX_BATCH_SIZE} kits: enter a whole number.` },
      },
      { status: 400, headers: ADMIN_HEADERS },
    );
  const id = await servicesFor(context, "kits").kits.createBatch(size, form.session.email);
  throw redirect(`/admin/kits/${id}?made=1`, { status: 303, headers: ADMIN_HEADERS });
}

export const meta = () => [
  { title: `Kits | Back office | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminKits({ loaderData, actionData }: Route.ComponentProps) {
  const { batches, heldReviews, email } = loaderData;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  return (
    <AdminFrame heading="Kits" signedInAs={email} nav={{ current: "kits", heldReviews }}>
      {refusal ? <AdminNotice tone="problem">{refusal.message}</AdminNotice> : null}
      <form
        method="post"
        noValidate
        className="mt-6 flex flex-wrap items-end gap-4 rounded-card border border-white/10 bg-ink-800 p-6"
      >
        <div>
          <label htmlFor="batch-size" className="block font-bold text-white">
            New batch: how many kits
          </label>
          <p id="batch-size-hint" className="mt-1 text-sm text-ink-300">
            {`Up to ${MAX_BATCH_SIZE}. Each kit gets a new ID with its check character.`}
          </p>
          <input
            id="batch-size"
            name="size"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_BATCH_SIZE}
            required
            aria-describedby="batch-size-hint"
            className="mt-2 block min-h-12 w-40 rounded-xl border border-ink-500 bg-ink-900 px-4 text-white focus:border-ember-400 focus:outline-2 focus:outline-ember-400"
          />
        </div>
        <button type="submit" className={buttonClass("primary", "md")}>
          Make the batch
        </button>
      </form>
      <h2 className="mt-10 text-2xl font-extrabold text-white">Batches</h2>
      {batches.length === 0 ? (
        <p className="mt-4 text-ink-200">No batch yet.</p>
      ) : (
        <ul className="mt-4 space-y-4" data-testid="kit-batches">
          {batches.map((batch) => (
            <li
              key={batch.id}
              className="rounded-card border border-white/10 bg-ink-800 p-6"
              data-batch={batch.id}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h3 className="text-lg font-extrabold text-white">
                  <Link to={`/admin/kits/${batch.id}`} className={TEXT_LINK}>
                    {`Batch ${batch.id}`}
                  </Link>
                  <span className="ml-2 font-normal text-ink-300">{`${batch.size} kits`}</span>
                </h3>
                <p className="text-sm text-ink-200">
                  {`Made ${formatDay(batch.createdAt)} by ${batch.createdBy}. `}
                  {batch.shippedAt
                    ? `Shipped to the warehouse ${formatDay(batch.shippedAt)}.`
                    : "Not shipped yet."}
                </p>
              </div>
              <div className="mt-4">
                <KitStateCounts states={batch.states} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}
