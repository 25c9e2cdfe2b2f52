import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { BuyButton } from "~/components/commerce/buy-button";
import { SubscribeLink } from "~/components/subscribe/subscribe-link";
import { FormNotice, TextField } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { Icon } from "~/components/ui/icon";
import { TEXT_LINK } from "~/components/ui/text-link";
import { cyclePlan, onlyABloodTest, outcomeById, resultPage, sampleTiming } from "~/content/quiz";
import { brand, paths } from "~/content/site";
import type { QuizResultActionData, QuizResultView } from "~/contracts/quiz";
import { quizResultAction, quizResultLoader, RESULT_HEADERS } from "~/server/http/quiz-pages.server";
import { servicesFor } from "~/server/http/route-services.server";
import { formatWeekdayDay } from "~/shared/dates";
import type { Route } from "./+types/results.quiz.$token";

/**
 * A quiz result (issue 34 item 3), at its sealed link: a plan, not a diagnosis. Every sentence comes
 * from the outcome table in app/content/quiz.ts; the server works out which (no answer reaches the
 * page's data). Red flags first, then the blood test, then the Enhancer only when the safety screen
 * allows it; the buy buttons start the site's one checkout flow.
 */
export const meta = ({ data }: Route.MetaArgs) => [
  {
    title: `${data?.view ? outcomeById(data.view.outcome).heading : resultPage.invalidLink.heading} | ${brand.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => RESULT_HEADERS;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const result = await quizResultLoader(request, context, params.token);
  // The link to /subscribe beside the Enhancer, only while Shopify has a selling plan (decision 131).
  const subscribeLink = result.data.view
    ? servicesFor(context, "subscribePage").subscribePage.entryLink()
    : null;
  return data({ ...result.data, subscribeLink }, result.init ?? undefined);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return quizResultAction(request, context, params.token);
}

export default function QuizResultPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.view) {
    const text = loaderData.problem === "expired" ? resultPage.expiredLink : resultPage.invalidLink;
    return (
      <div className="container-page py-14 sm:py-20">
        <div className="card mx-auto max-w-2xl p-6 sm:p-10">
          <h1 className="heading-display text-3xl text-white sm:text-4xl">{text.heading}</h1>
          <p className="mt-4 text-lg text-ink-200">{text.text}</p>
          <Link to={paths.quiz} className={`mt-6 ${buttonClass("primary", "lg")}`}>
            {resultPage.retake}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ResultPlan
      view={loaderData.view}
      prices={loaderData.prices}
      subscribeLink={loaderData.subscribeLink}
      actionData={actionData}
    />
  );
}

function ResultPlan({
  view,
  prices,
  subscribeLink,
  actionData,
}: {
  view: QuizResultView;
  prices: { kit: string; enhancer: string };
  subscribeLink: string | null;
  actionData?: QuizResultActionData;
}) {
  const outcome = outcomeById(view.outcome);
  const kitPrice = prices.kit;
  const enhancerPrice = prices.enhancer;
  return (
    <>
      <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
        <div className="container-page relative py-10 sm:py-14">
          <p className="eyebrow">{resultPage.eyebrow}</p>
          <h1 className="heading-display mt-2 text-3xl text-white sm:text-5xl">{outcome.heading}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-200">{outcome.summary}</p>
        </div>
      </section>
      <div className="container-page grid gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          {outcome.redFlag ? (
            <section
              aria-labelledby="result-first"
              className="rounded-card border-2 border-danger-400 bg-ink-900 p-6"
            >
              <h2 id="result-first" className="flex items-center gap-2 text-xl font-extrabold text-white">
                <Icon name="alert" className="size-5 shrink-0 text-danger-400" />
                {resultPage.firstHeading}
              </h2>
              <p className="mt-3 text-ink-100">{outcome.redFlag}</p>
            </section>
          ) : null}
          {outcome.whyNot ? (
            <section aria-labelledby="result-why-not" className="card p-6">
              <h2 id="result-why-not" className="text-xl font-extrabold text-white">
                {resultPage.whyNotHeading}
              </h2>
              <p className="mt-3 text-ink-200">{outcome.whyNot}</p>
              <Link to="/deep-dive#safety" className={`mt-3 inline-block ${TEXT_LINK}`}>
                {resultPage.safetyLink}
              </Link>
            </section>
          ) : null}
          <section aria-labelledby="result-test" className="card p-6">
            <h2 id="result-test" className="text-xl font-extrabold text-white">
              {onlyABloodTest.heading}
            </h2>
            <p className="mt-3 text-ink-200">{onlyABloodTest.text}</p>
            {view.symptomNote ? <p className="mt-3 text-ink-200">{view.symptomNote}</p> : null}
            <h3 className="mt-6 font-extrabold text-white">{sampleTiming.heading}</h3>
            <ul className="mt-3 space-y-2 text-ink-200">
              {sampleTiming.steps.map((step) => (
                <li key={step} className="flex gap-2">
                  <Icon name="clock" className="mt-1 size-4 shrink-0 text-ember-400" />
                  <span>{step}</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-ink-200">{sampleTiming.afterResult}</p>
          </section>
          {outcome.offersEnhancer ? <CyclePlan view={view} /> : null}
          {view.habitNotes.length > 0 ? (
            <section aria-labelledby="result-habits" className="card p-6">
              <h2 id="result-habits" className="text-xl font-extrabold text-white">
                {resultPage.habitsHeading}
              </h2>
              <ul className="mt-3 space-y-3 text-ink-200">
                {view.habitNotes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <p className="text-sm text-ink-300">{resultPage.disclaimer}</p>
        </div>
        <aside aria-label="Products and your plan" className="space-y-6">
          {outcome.offersKit ? (
            <section
              aria-labelledby="result-kit"
              className="rounded-card border-2 border-ember-500 bg-ink-950 p-6 shadow-glow"
            >
              <h2 id="result-kit" className="text-xl font-extrabold text-white">
                {resultPage.kit.heading}
              </h2>
              <p className="mt-2 text-ink-200">{resultPage.kit.text}</p>
              <p className="mt-3 text-3xl font-black text-white">{kitPrice}</p>
              <div className="mt-4">
                <BuyButton item="test_kit" flow="kit" className="w-full">
                  {resultPage.kit.buy(kitPrice)}
                </BuyButton>
              </div>
            </section>
          ) : null}
          {outcome.offersEnhancer ? (
            <section aria-labelledby="result-enhancer" className="card p-6">
              <h2 id="result-enhancer" className="text-xl font-extrabold text-white">
                {resultPage.enhancer.heading}
              </h2>
              <p className="mt-2 text-ink-200">{resultPage.enhancer.text}</p>
              <p className="mt-3 text-3xl font-black text-white">{enhancerPrice}</p>
              <div className="mt-4">
                <BuyButton item="enhancer" flow="product" className="w-full">
                  {resultPage.enhancer.buy(enhancerPrice)}
                </BuyButton>
              </div>
              {subscribeLink ? <SubscribeLink text={subscribeLink} className="mt-4" /> : null}
            </section>
          ) : null}
          <EmailPlan actionData={actionData?.form === "email" ? actionData : undefined} />
          <SaveAnswers
            savedUntil={view.savedUntil}
            actionData={actionData?.form === "save" ? actionData : undefined}
          />
          <p className="text-sm text-ink-300">
            {resultPage.validUntil(view.validUntil)}{" "}
            <Link to={paths.quiz} className={TEXT_LINK}>
              {resultPage.retake}
            </Link>
          </p>
        </aside>
      </div>
    </>
  );
}

function CyclePlan({ view }: { view: QuizResultView }) {
  return (
    <section aria-labelledby="result-cycle" className="card p-6">
      <h2 id="result-cycle" className="text-xl font-extrabold text-white">
        {cyclePlan.heading}
      </h2>
      <p className="mt-2 text-ink-200">{cyclePlan.dose}</p>
      {view.goalNote ? <p className="mt-2 text-ink-200">{view.goalNote}</p> : null}
      <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="start" className="block text-sm font-bold text-white">
            {cyclePlan.startLabel}
          </label>
          <input
            id="start"
            name="start"
            type="date"
            defaultValue={view.startDay}
            className="mt-2 block min-h-12 rounded-xl border border-ink-500 bg-ink-800 px-4 text-base text-white"
          />
        </div>
        <button type="submit" className={buttonClass("secondary", "md")}>
          {cyclePlan.change}
        </button>
      </form>
      <ol className="mt-6 space-y-4 border-l-2 border-ember-500/60 pl-5">
        {view.calendar.map((row) => (
          <li key={row.label}>
            <p className="font-extrabold text-white">
              <time dateTime={row.from}>{formatWeekdayDay(row.from)}</time>
              {row.to !== row.from ? (
                <>
                  {" to "}
                  <time dateTime={row.to}>{formatWeekdayDay(row.to)}</time>
                </>
              ) : null}
            </p>
            <p className="text-ink-200">{row.label}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function EmailPlan({ actionData }: { actionData?: QuizResultActionData }) {
  const busy = useNavigation().state === "submitting";
  const { email } = resultPage;
  return (
    <section aria-labelledby="result-email" className="card p-6">
      <h2 id="result-email" className="text-xl font-extrabold text-white">
        {email.heading}
      </h2>
      <p className="mt-2 text-sm text-ink-200">{email.text}</p>
      {actionData?.status === "sent" ? (
        <div className="mt-4" role="status">
          <FormNotice tone="success">{actionData.message}</FormNotice>
        </div>
      ) : (
        <Form method="post" noValidate className="mt-4 space-y-4" preventScrollReset>
          {actionData ? (
            <div role="alert">
              <FormNotice tone="problem">{actionData.message}</FormNotice>
            </div>
          ) : null}
          <TextField
            name="email"
            type="email"
            label={email.label}
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            defaultValue={actionData?.email}
            errors={actionData?.status === "invalid" ? { email: actionData.message } : undefined}
          />
          <label className="flex items-start gap-3 text-sm text-ink-100">
            <input
              type="checkbox"
              name="newsletter"
              value="yes"
              className="mt-0.5 size-5 shrink-0 accent-ember-500"
            />
            <span>{email.newsletter}</span>
          </label>
          <button
            type="submit"
            name="intent"
            value="email"
            disabled={busy}
            className={buttonClass("primary", "md", "w-full")}
          >
            {email.submit}
          </button>
        </Form>
      )}
    </section>
  );
}

function SaveAnswers({
  savedUntil,
  actionData,
}: {
  savedUntil: string | null;
  actionData?: QuizResultActionData;
}) {
  const removed = new URLSearchParams(useLocation().search).get("removed") === "1";
  const { save } = resultPage;
  return (
    <section aria-labelledby="result-save" className="card p-6">
      <h2 id="result-save" className="text-xl font-extrabold text-white">
        {save.heading}
      </h2>
      {savedUntil ? (
        <Form method="post" className="mt-3 space-y-4">
          <div role="status">
            <FormNotice tone="success">{save.saved(savedUntil)}</FormNotice>
          </div>
          <button
            type="submit"
            name="intent"
            value="forget"
            className={buttonClass("secondary", "md", "w-full")}
          >
            {save.remove}
          </button>
        </Form>
      ) : (
        <Form method="post" noValidate className="mt-3 space-y-4">
          <p className="text-sm text-ink-200">{save.text}</p>
          {removed ? (
            <div role="status">
              <FormNotice tone="success">{save.removed}</FormNotice>
            </div>
          ) : null}
          {actionData ? (
            <div role="alert">
              <FormNotice tone="problem">{actionData.message}</FormNotice>
            </div>
          ) : null}
          <label className="flex items-start gap-3 text-sm text-ink-100">
            <input
              type="checkbox"
              name="consent"
              value="yes"
              className="mt-0.5 size-5 shrink-0 accent-ember-500"
            />
            <span>{save.consent}</span>
          </label>
          <button
            type="submit"
            name="intent"
            value="save"
            className={buttonClass("secondary", "md", "w-full")}
          >
            {save.submit}
          </button>
        </Form>
      )}
    </section>
  );
}
