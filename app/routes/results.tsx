import { data, Link, redirect } from "react-router";
import { ResultCard } from "~/components/results/result-card";
import { ResultsTimelineChart } from "~/components/results/results-timeline-chart";
import { PageIntro } from "~/components/sections/page-intro";
import { FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { resultsPage } from "~/content/results-page";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import { ACCOUNT_HEADERS, accountForm, requireShopper, shopperOf } from "~/server/http/account-routes.server";
import { refusalOf } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import { readKitId } from "~/shared/kit-id";
import { buildTimeline } from "~/shared/results-timeline";
import type { Route } from "./+types/results";

/**
 * Your Results (spec §2's heading; issue 35 item 6). Signed out: what the page holds and a way to sign
 * in. Signed in: each result with its date, value, unit, the lab's range and flag, what it means in
 * plain words, a chart of every result over time beside the Enhancer the person's orders bought and the
 * quiz results they saved, the kits still on their way, a FHIR download, and deleting a result sooner.
 */
export const headers = () => ACCOUNT_HEADERS;

export const meta: Route.MetaFunction = () => pageMeta(pages.results);

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await shopperOf(request, context);
  if (!shopper) return data({ view: null, deleted: false }, { headers: ACCOUNT_HEADERS });
  const view = await servicesFor(context, "resultsPage").resultsPage.viewFor(shopper);
  const deleted = new URL(request.url).searchParams.get("deleted") === "1";
  return data({ view, deleted }, { headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  let fields: URLSearchParams;
  try {
    fields = await accountForm(request, context);
  } catch (error) {
    return refusalOf(error);
  }
  const shopper = await requireShopper(request, context, "/results");
  const kit = readKitId(fields.get("kitId") ?? "");
  if (fields.get("intent") !== "delete" || !kit.ok)
    return data({ problem: "Choose one of the page's buttons." }, { status: 400, headers: ACCOUNT_HEADERS });
  const deleted = await servicesFor(context, "kitResults").kitResults.deleteResult(
    shopper.shopperId,
    kit.kitId,
  );
  if (!deleted)
    return data(
      { problem: "There is no such result in your account." },
      { status: 404, headers: ACCOUNT_HEADERS },
    );
  throw redirect("/results?deleted=1", { status: 303, headers: ACCOUNT_HEADERS });
}

export default function ResultsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, deleted } = loaderData;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  if (!view) return <SignedOut />;
  const timeline = buildTimeline(view.timeline);
  return (
    <>
      <PageIntro eyebrow="Test and track" heading={pages.results.heading}>
        <p>{resultsPage.lead(view.email)}</p>
      </PageIntro>
      <div className="container-page space-y-12 py-12 sm:py-16">
        {deleted || problem || refusal ? (
          <div className="max-w-3xl">
            {deleted ? <FormNotice tone="success">{resultsPage.delete.done}</FormNotice> : null}
            {problem ? <FormNotice tone="problem">{problem}</FormNotice> : null}
            {refusal ? <FormNotice tone="problem">{refusal.message}</FormNotice> : null}
          </div>
        ) : null}
        {view.results.length > 0 ? (
          <>
            <ResultsTimelineChart timeline={timeline} id="results-chart" />
            <section aria-labelledby="results-list" className="space-y-6">
              <h2 id="results-list" className="text-2xl font-extrabold text-white">
                {view.results.length === 1 ? "Your result" : "Your results, newest first"}
              </h2>
              {[...view.results].reverse().map((result) => (
                <ResultCard key={result.kitId} result={result} />
              ))}
            </section>
          </>
        ) : (
          <section
            aria-labelledby="results-none"
            className="max-w-3xl rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
          >
            <h2 id="results-none" className="text-2xl font-extrabold text-white">
              {resultsPage.none.heading}
            </h2>
            <p className="mt-3 text-ink-200">{resultsPage.none.text}</p>
            <Link to="/results/register" className={buttonClass("primary", "md", "mt-6")}>
              {resultsPage.none.register}
            </Link>
          </section>
        )}
        {view.kits.length > 0 ? (
          <section aria-labelledby="results-kits" className="max-w-3xl">
            <h2 id="results-kits" className="text-2xl font-extrabold text-white">
              Kits on their way to a result
            </h2>
            <ul className="mt-4 divide-y divide-white/10 rounded-card border border-white/10 bg-ink-900">
              {view.kits.map((kit) => (
                <li
                  key={kit.kitId}
                  className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:gap-6"
                >
                  <span className="font-mono tracking-widest text-white">{kit.kitId}</span>
                  <span className="text-ink-200">{resultsPage.kitStates[kit.state]}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="results-meaning" className="max-w-3xl">
          <h2 id="results-meaning" className="text-2xl font-extrabold text-white">
            {resultsPage.meaning.heading}
          </h2>
          <ul className="mt-4 list-disc space-y-3 pl-5 text-ink-200">
            {resultsPage.meaning.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
        <div className="grid max-w-3xl gap-6 sm:grid-cols-2">
          {view.results.length > 0 ? (
            <section
              aria-labelledby="results-download"
              className="rounded-card border border-white/10 bg-ink-900 p-6"
            >
              <h2 id="results-download" className="text-lg font-extrabold text-white">
                {resultsPage.download.heading}
              </h2>
              <p className="mt-2 text-sm text-ink-200">{resultsPage.download.text}</p>
              <a href="/results/download" download className={`${TEXT_LINK} mt-4 inline-block font-bold`}>
                {resultsPage.download.link}
              </a>
            </section>
          ) : null}
          <section
            aria-labelledby="results-more"
            className="rounded-card border border-white/10 bg-ink-900 p-6"
          >
            <h2 id="results-more" className="text-lg font-extrabold text-white">
              More
            </h2>
            <ul className="mt-2 space-y-2">
              <li>
                <Link to="/results/register" className={TEXT_LINK}>
                  Register another kit
                </Link>
              </li>
              <li>
                <Link to={pages.quiz.path} className={TEXT_LINK}>
                  {resultsPage.signedOut.quiz}
                </Link>
              </li>
              <li>
                <Link to="/account" className={TEXT_LINK}>
                  Your account
                </Link>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

function SignedOut() {
  const { signedOut } = resultsPage;
  return (
    <PageIntro heading={pages.results.heading}>
      <p>{signedOut.lead}</p>
      <p className="mt-4">
        <Link to="/account?next=/results" className={buttonClass("primary", "md")}>
          {signedOut.signIn}
        </Link>
      </p>
      <p className="mt-4">
        <Link to={pages.quiz.path} className={TEXT_LINK}>
          {signedOut.quiz}
        </Link>{" "}
        {signedOut.quizAfter}
      </p>
    </PageIntro>
  );
}
