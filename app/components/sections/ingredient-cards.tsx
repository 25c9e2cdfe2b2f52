import type { ReactNode } from "react";
import { EvidenceBadge } from "~/components/ui/evidence-badge";
import { type Ingredient, ingredientCardLabels, ingredients, type Study } from "~/content/ingredients";

/**
 * A native disclosure: collapsed on phones, always shown from `md` (768 px), where app.css hides its
 * summary and shows the content, open or not (`.disclosure-md`). No JavaScript: it opens without it,
 * from the keyboard, and server and client render the same markup.
 */
function Disclosure({ summary, of, children }: { summary: string; of: string; children: ReactNode }) {
  return (
    <details className="disclosure-md group mt-3 md:mt-4 rounded-xl border border-white/10 bg-ink-900/40 md:border-0 md:bg-transparent">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 font-bold text-white hover:text-ember-300 [&::-webkit-details-marker]:hidden">
        <span>
          {summary}
          <span className="sr-only">{of}</span>
        </span>
        <span
          aria-hidden="true"
          className="text-xl leading-none text-ember-400 transition-transform group-open:rotate-45"
        >
          +
        </span>
      </summary>
      <div className="px-4 pt-1 pb-4 md:p-0">{children}</div>
    </details>
  );
}

function StudyItem({ study }: { study: Study }) {
  return (
    <li className="rounded-xl border border-white/10 bg-ink-900/70 p-4">
      <p className="font-bold text-white">
        {study.link ? (
          <a
            href={study.link.href}
            className="underline decoration-ember-500/60 underline-offset-4 hover:text-ember-300"
          >
            {study.citation}
            <span className="sr-only"> ({study.link.label})</span>
          </a>
        ) : (
          study.citation
        )}
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-ink-200 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink-300">Who</dt>
        <dd>{study.population}</dd>
        <dt className="font-semibold text-ink-300">Dose</dt>
        <dd>{study.dose}</dd>
        <dt className="font-semibold text-ink-300">How long</dt>
        <dd>{study.duration}</dd>
        <dt className="font-semibold text-ink-300">Found</dt>
        <dd className="text-ink-100">{study.finding}</dd>
      </dl>
      {study.link ? <p className="mt-2 text-xs text-ink-300">{study.link.label}</p> : null}
    </li>
  );
}

function SafetyList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h5 className="text-sm font-extrabold uppercase tracking-wide text-ink-300">{title}</h5>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-200 marker:text-ember-500">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** One ingredient: dosage, mechanism, research (with the studied dose beside ours) and safety. */
function IngredientCard({ ingredient, index }: { ingredient: Ingredient; index: number }) {
  const headingId = `ingredient-${ingredient.id}`;
  return (
    <article id={ingredient.id} aria-labelledby={headingId} className="card scroll-mt-36 p-5 sm:p-8">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-white/10 pb-5 sm:gap-4 sm:pb-6">
        <div>
          <p className="text-sm font-black tabular-nums text-ink-300">{String(index + 1).padStart(2, "0")}</p>
          <h3 id={headingId} className="mt-1 text-2xl font-black uppercase text-white sm:text-3xl">
            {ingredient.name}
          </h3>
          <p className="mt-1 text-ink-300">{ingredient.form}</p>
        </div>
        <div className="flex items-baseline gap-3 sm:block sm:text-right">
          <p className="text-xs font-bold uppercase tracking-wider text-ink-300">Dosage per serving</p>
          <p className="text-3xl font-black text-ember-400">{ingredient.dosage}</p>
        </div>
      </header>
      <div className="mt-5 grid gap-6 sm:mt-6 lg:grid-cols-[1fr_1.25fr] lg:gap-8">
        <div className="space-y-5 sm:space-y-6">
          <section>
            <h4 className="text-sm font-extrabold uppercase tracking-wide text-ember-400">Mechanism</h4>
            <p className="mt-2 leading-relaxed text-ink-100">{ingredient.mechanism}</p>
          </section>
          <section>
            <h4 className="text-sm font-extrabold uppercase tracking-wide text-ember-400">
              Studied dose vs ours
            </h4>
            <p className="mt-2 rounded-xl border-l-4 border-ember-500 bg-ember-500/10 p-4 leading-relaxed text-ink-100">
              {ingredient.doseComparison}
            </p>
          </section>
          <section>
            <h4 className="text-sm font-extrabold uppercase tracking-wide text-ember-400">Safety</h4>
            <Disclosure summary={ingredientCardLabels.safety} of={ingredientCardLabels.of(ingredient.name)}>
              <div className="space-y-4">
                <SafetyList title="Side effects" items={ingredient.safety.sideEffects} />
                <SafetyList title="Upper limit" items={[ingredient.safety.upperLimit]} />
                <SafetyList title="Avoid or take care" items={ingredient.safety.avoidIf} />
                <SafetyList title="Interactions" items={ingredient.safety.interactions} />
              </div>
            </Disclosure>
          </section>
        </div>
        <section>
          <div className="flex flex-wrap items-center gap-3">
            <h4 className="text-sm font-extrabold uppercase tracking-wide text-ember-400">Research</h4>
            <EvidenceBadge evidence={ingredient.evidence} />
          </div>
          <p className="mt-3 leading-relaxed text-ink-100">{ingredient.evidenceSummary}</p>
          <Disclosure
            summary={ingredientCardLabels.studies(ingredient.studies.length)}
            of={ingredientCardLabels.of(ingredient.name)}
          >
            <ul className="space-y-3">
              {ingredient.studies.map((study) => (
                <StudyItem key={study.citation + study.dose} study={study} />
              ))}
            </ul>
          </Disclosure>
        </section>
      </div>
    </article>
  );
}

/**
 * The Deep Dive's 14 ingredient cards and their 34 studies, about 1,250 elements of plain markup. This
 * module, the cards' words and their code, is loaded only when the cards render (decision 146): on a
 * document load the server's markup is kept as sent (StaticHtml), so the browser neither downloads nor
 * decodes any of it; after a client-side navigation it arrives as a chunk of its own.
 */
export default function IngredientCards() {
  return (
    <>
      {ingredients.map((ingredient, index) => (
        <IngredientCard key={ingredient.id} ingredient={ingredient} index={index} />
      ))}
    </>
  );
}
