import { data } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import { type OutcomeId, outcomeLabels, quizOutcomes } from "~/content/quiz";
import { brand } from "~/content/site";
import { ADMIN_HEADERS, adminRouteHeaders, requireAdmin } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.quiz";

/**
 * The T-Quiz in the back office (issue 34 item 5): how many results of each kind were given, per ISO
 * week, for the last 12 weeks. Counts only: nothing about who took the quiz or what they answered is
 * kept to show. Signed-in operators only.
 */
export const headers = adminRouteHeaders;

export const meta = () => [
  { title: `Quiz results by week | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { quiz, adminReviews } = servicesFor(context, "quiz", "adminReviews");
  const [counts, heldReviews] = await Promise.all([quiz.weeklyCounts(12), adminReviews.heldCount()]);
  const weeks = [...new Set(counts.map((row) => row.isoWeek))];
  const byWeek = weeks.map((week) => {
    const cells = Object.fromEntries(quizOutcomes.map((o) => [o.id, 0])) as Record<OutcomeId, number>;
    for (const row of counts) if (row.isoWeek === week) cells[row.outcome] = row.count;
    return { week, cells };
  });
  return data({ email: session.email, heldReviews, byWeek }, { headers: ADMIN_HEADERS });
}

export default function AdminQuizPage({ loaderData }: Route.ComponentProps) {
  const { email, heldReviews, byWeek } = loaderData;
  return (
    <AdminFrame heading="Quiz results by week" signedInAs={email} nav={{ current: "quiz", heldReviews }}>
      <p className="max-w-2xl text-ink-200">
        How many T-Quiz results of each kind were given, per calendar week (ISO), for the last 12 weeks. A
        count only: no answers and nothing about who took the quiz is stored for it.
      </p>
      {byWeek.length === 0 ? (
        <p className="mt-6 text-ink-200">No quiz results in the last 12 weeks.</p>
      ) : (
        <section
          className="mt-6 overflow-x-auto rounded-card border border-white/10 bg-ink-800"
          aria-labelledby="quiz-counts-caption"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone, so a keyboard must reach it (axe scrollable-region-focusable).
          tabIndex={0}
        >
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="quiz-counts">
            <caption id="quiz-counts-caption" className="sr-only">
              Quiz results per outcome and week, newest week first
            </caption>
            <thead className="border-b border-white/10 text-xs uppercase tracking-wide text-ink-300">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Week
                </th>
                {quizOutcomes.map((outcome) => (
                  <th key={outcome.id} scope="col" className="px-4 py-3 text-right">
                    {outcomeLabels[outcome.id]}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {byWeek.map(({ week, cells }) => (
                <tr key={week} className="border-b border-white/5">
                  <th scope="row" className="px-4 py-3 font-bold text-white">
                    {week}
                  </th>
                  {quizOutcomes.map((outcome) => (
                    <td key={outcome.id} className="px-4 py-3 text-right text-ink-100">
                      {cells[outcome.id]}
                    </td>
                  ))}
                  <td className="px-4 py-3 text-right font-bold text-white">
                    {Object.values(cells).reduce((sum, n) => sum + n, 0)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </AdminFrame>
  );
}
