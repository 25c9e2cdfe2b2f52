import { type FormEvent, useEffect, useState } from "react";
import { data, Link, redirect, useNavigation, useSubmit } from "react-router";
import { ChoiceGroup } from "~/components/subscribe/choice-group";
import { CycleCalendar } from "~/components/subscribe/cycle-calendar";
import { RenewalTerms } from "~/components/subscribe/renewal-terms";
import { FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { Icon } from "~/components/ui/icon";
import { TEXT_LINK } from "~/components/ui/text-link";
import { pages } from "~/content/routes";
import { sampleDataLabel } from "~/content/sample-data";
import { paths } from "~/content/site";
import { bottles, subscribePage as copy, weeks } from "~/content/subscribe";
import {
  BOTTLE_CHOICES,
  changedReason,
  choiceFromQuery,
  choiceQuery,
  type SubscribeCalendar,
  type SubscribeChoice,
  type SubscribeTerms,
} from "~/contracts/subscribe";
import { pageMeta } from "~/lib/seo";
import { callerOf } from "~/server/http/caller.server";
import { ApiError, failureFor } from "~/server/http/failures.server";
import { enforceRateLimit } from "~/server/http/guards.server";
import { readHtmlForm } from "~/server/http/html-form.server";
import { cancelUrlFor } from "~/server/http/return-url.server";
import { servicesFor } from "~/server/http/route-services.server";
import { subscribeForm } from "~/server/subscriptions/subscribe-page.server";
import { formatWeekdayDay } from "~/shared/dates";
import { formatMoney } from "~/shared/money";
import { WEEKS_OFF, WEEKS_ON } from "~/shared/subscription-cycle";
import type { Route } from "./+types/subscribe";

/**
 * /subscribe (issue 36 item 2, decision 131): one-time or subscription for the Enhancer, the cycle and
 * the bottles chosen, the calendar of the first months and the renewal terms beside the button, all
 * drawn on the server from Shopify's selling plan. The choices are a GET form (the page redrawn for
 * them; with JavaScript, redrawn as each changes); the button posts the same form to this page's action
 * in a new tab, which answers 303 to Stripe Checkout, or shows the page again if the terms it showed
 * are no longer the terms.
 */
const page = pages.subscribe;

export const meta = () => pageMeta(page);

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { subscribePage } = servicesFor(context, "subscribePage");
  const view = await subscribePage.view(choiceFromQuery(params), callerOf(context));
  return data({ view, changed: changedReason(params.get("changed")) }, { headers: NO_STORE });
}

/** The sign-up form's post: small, from this site only, rate-limited as /api/subscribe is. */
const FORM_MAX_BYTES = 512;

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const fields = await readHtmlForm(request, context, FORM_MAX_BYTES);
    await enforceRateLimit(context, "subscribe");
    const parsed = subscribeForm.safeParse(Object.fromEntries(fields));
    if (!parsed.success)
      throw new ApiError(400, "Choose your weeks on, weeks off and bottles from the lists.");
    const choice = parsed.data as SubscribeChoice;
    const { subscribePage, env } = servicesFor(context, "subscribePage", "env");
    const started = await subscribePage.start({
      choice,
      shown: new URL(request.url).searchParams.get("shown") ?? undefined,
      cancelUrl: cancelUrlFor(request, env.PUBLIC_SITE_URL),
      requestKey: `${context.clientIp} ${context.requestId}`,
      buyerIp: context.clientIp,
    });
    if (started.kind === "checkout") return redirect(started.url, { status: 303, headers: NO_STORE });
    return redirect(`${page.path}?${choiceQuery(started.choice)}&changed=${started.reason}`, {
      status: 303,
      headers: NO_STORE,
    });
  } catch (error) {
    const failure = failureFor(error, { request, context });
    return data(
      { problem: failure.message },
      { status: failure.status, headers: { ...NO_STORE, ...failure.headers } },
    );
  }
}

export default function SubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { view, changed } = loaderData;
  const problem = actionData?.problem;
  return (
    <>
      <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
        <div className="container-page relative py-12 sm:py-16">
          <p className="eyebrow">{copy.eyebrow}</p>
          <h1 className="heading-display mt-3 max-w-4xl text-headline text-white">{page.heading}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-200">{copy.lead}</p>
        </div>
      </section>
      <div className="container-page space-y-6 py-10 sm:py-14">
        {problem ? <FormNotice tone="problem">{problem}</FormNotice> : null}
        {changed && !problem ? <FormNotice tone="problem">{copy.changed[changed]}</FormNotice> : null}
        {view.offer.status === "offered" && view.calendar ? (
          <SignUpForm
            choice={view.choice}
            terms={view.offer.terms}
            shownKey={view.offer.shownKey}
            calendar={view.calendar}
            sample={view.offer.sample === true}
          />
        ) : (
          <NoOffer unavailable={view.offer.status === "unavailable"} />
        )}
      </div>
    </>
  );
}

/**
 * Without JavaScript the calendar is redrawn by this button; with it, as each choice changes, so the
 * button leaves once the page has hydrated. Its own state: the change re-renders this button alone,
 * not the form and its calendar (issue 39: what runs before first input).
 */
function RedrawButton() {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  if (enhanced) return null;
  return (
    <button type="submit" className={buttonClass("secondary", "md", "mt-6")}>
      {copy.update}
    </button>
  );
}

function SignUpForm({
  choice,
  terms,
  shownKey,
  calendar,
  sample,
}: {
  choice: SubscribeChoice;
  terms: SubscribeTerms;
  shownKey: string;
  calendar: SubscribeCalendar;
  /** The sandbox's sample plan: each price and saving it feeds says so (decision 137). */
  sample: boolean;
}) {
  const money = (amount: number) => formatMoney(amount, terms.currency);
  const sampled = sample ? <SampleData /> : null;
  const submit = useSubmit();
  const loading = useNavigation().state === "loading";
  const [announce, setAnnounce] = useState(false);
  const redraw = (event: FormEvent<HTMLFormElement>) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    setAnnounce(true);
    submit(event.currentTarget, { method: "get", replace: true, preventScrollReset: true });
  };
  return (
    <form
      method="get"
      action={page.path}
      onChange={redraw}
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
    >
      <div className="space-y-8">
        <section aria-labelledby="subscribe-how" className="card p-6 sm:p-8">
          <h2 id="subscribe-how" className="text-xl font-extrabold text-white">
            {copy.howHeading}
          </h2>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <div className="rounded-xl border-2 border-ember-400 bg-ember-500/15 p-4">
              <p className="flex items-center justify-between gap-2 font-extrabold text-white">
                {copy.subscription.label}
                <span className="flex items-center gap-1 text-xs uppercase tracking-wide text-ember-300">
                  <Icon name="check" className="size-4" strokeWidth={3} />
                  {copy.subscription.chosen}
                </span>
              </p>
              <p className="mt-1 text-2xl font-black text-white">
                <span className="whitespace-nowrap">
                  {copy.subscription.price(money(terms.pricePerBottle))}
                </span>
                {sampled}
              </p>
              <p className="text-sm text-ink-200">
                {terms.percentOff > 0
                  ? copy.subscription.saving(terms.percentOff, money(terms.oneTimePerBottle))
                  : copy.subscription.noSaving}
                {terms.percentOff > 0 ? sampled : null}
              </p>
            </div>
            <div className="rounded-xl border border-ink-500 bg-ink-800 p-4">
              <p className="font-extrabold text-white">{copy.oneTime.label}</p>
              <p className="mt-1 text-2xl font-black text-white">
                {copy.oneTime.price(money(terms.oneTimePerBottle))}
              </p>
              <p className="text-sm text-ink-200">{copy.oneTime.note}</p>
              <Link to={paths.enhancer} className={`mt-2 inline-block text-sm ${TEXT_LINK}`}>
                {copy.oneTime.link}
              </Link>
            </div>
          </div>
        </section>

        <section aria-labelledby="subscribe-cycle" className="card p-6 sm:p-8">
          <h2 id="subscribe-cycle" className="text-xl font-extrabold text-white">
            {copy.cycleHeading}
          </h2>
          <p className="mt-2 text-ink-200">{copy.cycleText}</p>
          <div className="mt-6 space-y-6">
            <ChoiceGroup
              name="weeksOn"
              legend={copy.weeksOn.legend}
              hint={copy.weeksOn.hint}
              value={choice.weeksOn}
              options={WEEKS_ON.map((value) => ({ value, label: weeks(value) }))}
            />
            <ChoiceGroup
              name="weeksOff"
              legend={copy.weeksOff.legend}
              hint={copy.weeksOff.hint}
              value={choice.weeksOff}
              options={WEEKS_OFF.map((value) => ({ value, label: weeks(value) }))}
            />
            <ChoiceGroup
              name="bottles"
              legend={copy.bottles.legend}
              hint={copy.bottles.hint}
              value={choice.bottles}
              options={BOTTLE_CHOICES.map((value) => ({ value, label: bottles(value) }))}
            />
          </div>
          <RedrawButton />
        </section>

        <section
          aria-labelledby="subscribe-calendar"
          aria-busy={loading}
          className={`card p-6 transition-opacity sm:p-8 ${loading ? "opacity-60" : ""}`}
        >
          <h2 id="subscribe-calendar" className="text-xl font-extrabold text-white">
            {copy.calendarHeading(calendar.months)}
          </h2>
          <p className="mt-2 mb-6 text-ink-200">{copy.calendarText(formatWeekdayDay(calendar.start))}</p>
          <CycleCalendar calendar={calendar} currency={terms.currency} bottleCount={choice.bottles} />
          <p className="mt-5 font-bold text-white" data-testid="calendar-summary">
            {copy.calendarSummary(calendar.deliveries, money(calendar.total), calendar.months)}
            {terms.savingPerDelivery > 0
              ? ` ${copy.calendarSaving(money(terms.savingPerDelivery * calendar.deliveries))}`
              : ""}
            {sampled}
          </p>
          <p role="status" className="sr-only">
            {announce
              ? copy.announce(choice.weeksOn, choice.weeksOff, choice.bottles, calendar.deliveries)
              : ""}
          </p>
        </section>
      </div>

      <section
        aria-labelledby="subscribe-summary"
        className="rounded-card border-2 border-ember-500 bg-ink-950 p-6 shadow-glow lg:sticky lg:top-24"
        data-testid="subscribe-summary"
      >
        <h2 id="subscribe-summary" className="text-xl font-extrabold text-white">
          {copy.summaryHeading}
        </h2>
        <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
          <span className="text-4xl font-black text-white" data-testid="price-per-delivery">
            {money(terms.perDelivery)}
          </span>
          <span className="font-bold text-ink-200">{copy.perDelivery}</span>
          {sampled}
        </p>
        {terms.savingPerDelivery > 0 ? (
          <p className="mt-1 text-sm text-ink-200">
            <span className="block line-through">{copy.oneTimeWas(money(terms.oneTimePerDelivery))}</span>
            <span className="block">
              <strong className="text-ember-300" data-testid="saving">
                {copy.youSave(money(terms.savingPerDelivery), terms.percentOff)}
              </strong>
              {sampled}
            </span>
          </p>
        ) : null}
        <p className="mt-3 text-sm font-bold text-white">
          {copy.choiceLine(choice.weeksOn, choice.weeksOff, choice.bottles)}
        </p>
        <div className="mt-5 border-t border-white/10 pt-5">
          <RenewalTerms
            perDelivery={money(terms.perDelivery)}
            bottleCount={choice.bottles}
            everyDays={terms.everyDays}
            weeksOff={choice.weeksOff}
          />
        </div>
        <button
          type="submit"
          formMethod="post"
          formAction={`${page.path}?${choiceQuery(choice)}&shown=${shownKey}`}
          formTarget="_blank"
          className={buttonClass("primary", "lg", "mt-6 w-full")}
        >
          {copy.button(money(terms.perDelivery))}
        </button>
        <p className="mt-3 text-xs text-ink-300">
          {copy.buttonNote}{" "}
          <Link to={paths.terms} className={TEXT_LINK}>
            {copy.termsLink}
          </Link>
        </p>
      </section>
    </form>
  );
}

function NoOffer({ unavailable }: { unavailable: boolean }) {
  const text = unavailable ? copy.unavailable : copy.notOffered;
  return (
    <section aria-labelledby="subscribe-none" className="card max-w-2xl p-6 sm:p-10">
      <h2 id="subscribe-none" className="text-2xl font-extrabold text-white">
        {text.heading}
      </h2>
      <p className="mt-3 text-lg text-ink-200">
        {unavailable ? copy.unavailable.text : copy.notOffered.text(null)}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.enhancer} className={buttonClass("primary", "lg")}>
          {copy.oneTimeButton}
        </Link>
        {unavailable ? (
          <a href={page.path} className={buttonClass("secondary", "lg")}>
            {copy.unavailable.retry}
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** Beside a figure the sandbox's sample plan feeds (decision 137). */
function SampleData() {
  // The space before it stays outside, where the line may break; the label itself never does.
  return (
    <>
      {" "}
      <span className="whitespace-nowrap text-sm font-normal text-ink-200" data-testid="sample-data">
        {sampleDataLabel}
      </span>
    </>
  );
}
