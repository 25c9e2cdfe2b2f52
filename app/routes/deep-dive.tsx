import { lazy } from "react";
import { FaqSection } from "~/components/sections/faq-section";
import { IngredientJumpMenu } from "~/components/sections/ingredient-jump-menu";
import { FactTable } from "~/components/ui/fact-table";
import { Icon } from "~/components/ui/icon";
import { SectionHeading } from "~/components/ui/section-heading";
import { StaticHtml } from "~/components/ui/static-html";
import {
  deepDiveIntro,
  deepDiveSections,
  interactionNotes,
  mechanisms,
  monitoring,
  stopSigns,
  studiesNote,
  timing,
  upperLimits,
} from "~/content/deep-dive";
import { deepDiveFaqs } from "~/content/faqs";
import { evidenceLabels } from "~/content/formula";
import { ingredients } from "~/content/ingredients";
import { pages } from "~/content/routes";
import { whoShouldNot } from "~/content/who-should-not";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/deep-dive";

const page = pages.deepDive;

export const meta = () => pageMeta(page);

/** The cards, fetched only when they render: after a client-side navigation (decision 146). */
const IngredientCards = lazy(() => import("~/components/sections/ingredient-cards"));

/**
 * What the hydrated page needs of the ingredients (the jump menu's links) comes through the loader:
 * prerendered, it travels in the HTML as data, not as JavaScript (docs/decisions/011-performance-budgets.md).
 * The cards are not in it: the server renders them from the content module, and the browser keeps that
 * markup (decision 146).
 */
export function loader() {
  return { jumpMenu: ingredients.map(({ id, shortName }) => ({ id, shortName })) };
}

function BulletList({ items, tone = "ember" }: { items: readonly string[]; tone?: "ember" | "danger" }) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 leading-relaxed text-ink-100">
          <Icon
            name={tone === "danger" ? "alert" : "check"}
            className={`mt-0.5 size-5 ${tone === "danger" ? "text-danger-400" : "text-ember-400"}`}
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
        <div className="container-page relative py-16 sm:py-24">
          <p className="eyebrow">{deepDiveIntro.eyebrow}</p>
          <h1 className="heading-display mt-4 max-w-4xl text-display text-white">{page.heading}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-200 sm:text-xl">
            {deepDiveIntro.lead}
          </p>
          <nav aria-label="On this page" className="mt-10">
            <ul className="flex flex-wrap gap-2">
              {deepDiveSections.nav.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="inline-flex min-h-11 items-center rounded-full border border-white/15 px-4 text-sm font-bold uppercase tracking-wide text-ink-100 hover:border-ember-400 hover:text-ember-300"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <section
        id="mechanisms"
        aria-labelledby="mechanisms-title"
        className="container-page scroll-mt-20 py-16 sm:py-24"
      >
        <SectionHeading
          id="mechanisms-title"
          eyebrow="Mechanisms"
          title={mechanisms.title}
          lead={mechanisms.lead}
        />
        <ol className="mt-12 grid gap-4 md:grid-cols-2">
          {mechanisms.items.map((item, index) => (
            <li key={item.title} className="card p-6 sm:p-8">
              <p className="text-sm font-black text-ember-400">0{index + 1}</p>
              <h3 className="mt-2 text-2xl font-black uppercase text-white">{item.title}</h3>
              <p className="mt-3 leading-relaxed text-ink-200">{item.text}</p>
              <p className="mt-4 flex flex-wrap gap-2">
                {item.ingredients.map((name) => (
                  <span
                    key={name}
                    className="rounded-full bg-white/5 px-3 py-1 text-xs font-bold text-ink-100"
                  >
                    {name}
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section
        id="ingredients"
        aria-labelledby="ingredients-title"
        className="render-when-near scroll-mt-20 bg-ink-950/50 py-16 [--estimated-height:400rem] sm:py-24"
      >
        <div className="container-page">
          <SectionHeading
            id="ingredients-title"
            eyebrow={deepDiveSections.ingredients.eyebrow}
            title={deepDiveSections.ingredients.title}
            lead={deepDiveSections.ingredients.lead}
          />
          <dl className="mt-8 grid gap-3 sm:grid-cols-3">
            {Object.entries(evidenceLabels).map(([key, value]) => (
              <div key={key} className="rounded-xl border border-white/10 p-4">
                <dt className="font-extrabold text-white">{value.label}</dt>
                <dd className="mt-1 text-sm text-ink-200">{value.description}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-6 max-w-3xl text-sm leading-relaxed text-ink-300">{studiesNote}</p>
          <IngredientJumpMenu ingredients={loaderData.jumpMenu} />
          {/* 14 cards and 34 studies of plain markup: kept as the server sent it, not hydrated. */}
          <StaticHtml id="ingredient-cards" className="mt-6 space-y-6">
            <IngredientCards />
          </StaticHtml>
        </div>
      </section>

      <section
        id="safety"
        aria-labelledby="safety-title"
        className="render-when-near container-page scroll-mt-20 py-16 sm:py-24"
      >
        <SectionHeading
          id="safety-title"
          eyebrow={deepDiveSections.safety.eyebrow}
          title={deepDiveSections.safety.title}
        />
        <div className="mt-12 grid gap-6 lg:grid-cols-[1.4fr_1fr]">
          <div className="card p-6 sm:p-8">
            <h3 className="text-2xl font-black uppercase text-white">{whoShouldNot.title}</h3>
            <div className="mt-6">
              <BulletList items={whoShouldNot.items} tone="danger" />
            </div>
          </div>
          <div className="space-y-6">
            <div className="card p-6 sm:p-8">
              <h3 className="text-2xl font-black uppercase text-white">{upperLimits.title}</h3>
              <p className="mt-2 text-ink-200">{upperLimits.lead}</p>
              <FactTable
                className="mt-4"
                headings={["Nutrient", "Upper limit", "One serving"]}
                rows={upperLimits.items.map((row) => [row.nutrient, row.limit, row.serving])}
                accentLast
              />
            </div>
            <div className="rounded-card border border-danger-400/40 bg-danger-600/10 p-6 sm:p-8">
              <h3 className="text-2xl font-black uppercase text-white">{stopSigns.title}</h3>
              <div className="mt-5">
                <BulletList items={stopSigns.items} tone="danger" />
              </div>
            </div>
          </div>
        </div>
      </section>

      <section
        id="timing"
        aria-labelledby="timing-title"
        className="render-when-near scroll-mt-20 bg-ink-950/50 py-16 sm:py-24"
      >
        <div className="container-page">
          <SectionHeading
            id="timing-title"
            eyebrow={deepDiveSections.timing.eyebrow}
            title={deepDiveSections.timing.title}
          />
          <h3 className="mt-12 text-2xl font-black uppercase text-white">{timing.title}</h3>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {timing.items.map((item) => (
              <div key={item.label} className="card p-6">
                <dt className="text-sm font-extrabold uppercase tracking-wide text-ember-400">
                  {item.label}
                </dt>
                <dd className="mt-2 text-xl font-black text-white">{item.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-ink-300">{timing.note}</p>
          <div className="mt-12 grid gap-6 lg:grid-cols-2">
            <div className="card p-6 sm:p-8">
              <h3 className="text-2xl font-black uppercase text-white">{monitoring.title}</h3>
              <div className="mt-6">
                <BulletList items={monitoring.items} />
              </div>
            </div>
            <div className="card p-6 sm:p-8">
              <h3 className="text-2xl font-black uppercase text-white">{interactionNotes.title}</h3>
              <FactTable
                className="mt-5"
                headings={["If you take", "Watch"]}
                rows={interactionNotes.items.map((row) => [row.drug, row.ingredients])}
              />
              <p className="mt-4 text-sm font-semibold text-ember-300">{interactionNotes.note}</p>
            </div>
          </div>
        </div>
      </section>

      <div id="faq" className="scroll-mt-20">
        <FaqSection
          id="faq-title"
          eyebrow={deepDiveSections.faq.eyebrow}
          title={deepDiveSections.faq.title}
          faqs={deepDiveFaqs}
        />
      </div>
    </>
  );
}
