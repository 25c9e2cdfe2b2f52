import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { CycleCalendar } from "~/components/subscribe/cycle-calendar";
import { RenewalTerms } from "~/components/subscribe/renewal-terms";
import { buttonClass } from "~/components/ui/button-link";
import { brand, paths } from "~/content/site";
import { subscribePage as calendarCopy, welcomePage as copy, subscribePaths } from "~/content/subscribe";
import { parseSessionId } from "~/contracts/order-confirmation";
import type { WelcomeView } from "~/contracts/subscribe";
import { servicesFor } from "~/server/http/route-services.server";
import { formatWeekdayDay } from "~/shared/dates";
import { formatMoney } from "~/shared/money";
import type { Route } from "./+types/subscribe.welcome";

/**
 * /subscribe/welcome?session_id=… (issue 36 item 2, decision 131): where Stripe Checkout returns a new
 * subscriber. The session is re-read from Stripe, for a subscription this site recorded (never taken
 * from the URL alone); confirmed, the page restates the terms and the calendar and leads to the
 * subscription page. Unknown, unpaid or foreign: it says so plainly.
 */
/** Private to the subscriber: out of search results (and of the sitemap and the page table). */
export const meta = () => [
  { title: `${copy.missing.heading} | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** It names the subscriber's address: kept by no cache. */
const HEADERS = { "Cache-Control": "private, no-store" };
export const headers = () => HEADERS;

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = parseSessionId(new URL(request.url).searchParams.get("session_id"));
  const view = await servicesFor(context, "subscribePage").subscribePage.welcome(sessionId);
  const status = view.state === "unknown" ? 404 : view.state === "unavailable" ? 503 : 200;
  return data({ view }, { status, headers: HEADERS });
}

export default function WelcomeRoute({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  if (view.state === "confirmed") return <Confirmed view={view} />;
  const text =
    view.state === "missing"
      ? copy.missing
      : view.state === "unknown"
        ? copy.unknown
        : view.state === "unpaid"
          ? { ...copy.unpaid, text: view.expired ? copy.unpaid.expired : copy.unpaid.text }
          : copy.unavailable;
  return (
    <>
      <Intro heading={text.heading}>{text.text}</Intro>
      <div className="container-page flex flex-wrap gap-3 py-10 sm:py-14">
        <Link to={subscribePaths.page} className={buttonClass("primary", "lg")}>
          {copy.again}
        </Link>
        <Link to={paths.contact} className={buttonClass("secondary", "lg")}>
          {copy.contact}
        </Link>
      </div>
    </>
  );
}

function Intro({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
      <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
      <div className="container-page relative py-12 sm:py-16">
        <p className="eyebrow">{copy.eyebrow}</p>
        <h1 className="heading-display mt-3 max-w-4xl text-headline text-white">{heading}</h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink-200" data-testid="welcome-lead">
          {children}
        </p>
      </div>
    </section>
  );
}

function Confirmed({ view }: { view: Extract<WelcomeView, { state: "confirmed" }> }) {
  const money = (amount: number) => formatMoney(amount, view.currency);
  const { choice } = view;
  return (
    <>
      <Intro heading={copy.confirmed.heading}>
        {copy.confirmed.lead}
        {view.email ? (
          <>
            {` ${copy.confirmed.emailed} `}
            <strong className="break-all text-white">{view.email}</strong>.
          </>
        ) : null}
      </Intro>
      {/* The terms first (a phone reaches them, and the way to manage, before the long calendar). */}
      <div className="container-page grid gap-8 py-10 sm:py-14 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby="welcome-terms"
          className="rounded-card border-2 border-ember-500 bg-ink-950 p-6 shadow-glow"
          data-testid="welcome-terms"
        >
          <h2 id="welcome-terms" className="text-xl font-extrabold text-white">
            {copy.confirmed.termsHeading}
          </h2>
          <p className="mt-1 text-ink-200">{view.productTitle}</p>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
            <span className="text-4xl font-black text-white">{money(view.perDelivery)}</span>
            <span className="font-bold text-ink-200">{calendarCopy.perDelivery}</span>
          </p>
          <p className="mt-3 text-sm font-bold text-white">
            {calendarCopy.choiceLine(choice.weeksOn, choice.weeksOff, choice.bottles)}
          </p>
          <div className="mt-5 border-t border-white/10 pt-5">
            <RenewalTerms
              perDelivery={money(view.perDelivery)}
              bottleCount={choice.bottles}
              everyDays={view.everyDays}
              weeksOff={choice.weeksOff}
            />
          </div>
          <Link to={subscribePaths.account} className={buttonClass("primary", "lg", "mt-6 w-full")}>
            {copy.confirmed.manage}
          </Link>
          <p className="mt-3 text-xs text-ink-300">{copy.confirmed.manageText}</p>
        </section>
        <section aria-labelledby="welcome-calendar" className="card p-6 sm:p-8">
          <h2 id="welcome-calendar" className="text-xl font-extrabold text-white">
            {calendarCopy.calendarHeading(view.calendar.months)}
          </h2>
          <p className="mt-2 mb-6 text-ink-200">
            {copy.confirmed.calendarFrom(formatWeekdayDay(view.calendar.start))}
          </p>
          <CycleCalendar calendar={view.calendar} currency={view.currency} bottleCount={choice.bottles} />
        </section>
      </div>
    </>
  );
}
