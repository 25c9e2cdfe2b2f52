import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formulaIngredients } from "~/content/formula";

/** The 14 ingredients with their amounts, as a compact grid. */
export function IngredientGrid({
  headingLevel = 3,
  more,
}: {
  headingLevel?: 3 | 4;
  /** A last cell linking on (shown where the grid has a free cell: three columns). */
  more?: { label: string; to: string };
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="grid gap-px overflow-hidden rounded-card border border-white/10 bg-white/10 sm:grid-cols-2 lg:grid-cols-3">
      {formulaIngredients.map((ingredient) => (
        <li key={ingredient.name} className="flex items-baseline justify-between gap-4 bg-ink-800 px-5 py-4">
          <div className="min-w-0">
            <Heading className="font-bold text-white">{ingredient.name}</Heading>
            <p className="mt-0.5 text-sm text-ink-300">{ingredient.form}</p>
          </div>
          <span className="shrink-0 text-right font-black tabular-nums text-ember-400">
            {ingredient.amount}
          </span>
        </li>
      ))}
      {more ? (
        <li className="hidden bg-ember-500/10 lg:flex">
          <Link
            to={more.to}
            prefetch="intent"
            className="flex w-full items-center justify-between gap-4 px-5 py-4 font-extrabold uppercase tracking-wide text-ember-400 hover:text-ember-300"
          >
            {more.label}
            <Icon name="arrow" className="size-5" />
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** The home page's ingredient section: the grid and a link to the Deep Dive. */
export function IngredientSummary({
  eyebrow,
  title,
  lead,
  link,
  more,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  link: { label: string; to: string };
  /** The grid's last cell, linking to the same page. */
  more: string;
}) {
  return (
    <section aria-labelledby="ingredients" className="render-when-near container-page py-16 sm:py-24">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-3xl">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id="ingredients" className="heading-display mt-3 text-headline text-white">
            {title}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-ink-200">{lead}</p>
        </div>
        <Link
          to={link.to}
          prefetch="intent"
          className="inline-flex min-h-12 items-center gap-2 font-extrabold uppercase tracking-wide text-ember-400 hover:text-ember-300"
        >
          {link.label}
          <Icon name="arrow" className="size-5" />
        </Link>
      </div>
      <div className="mt-10">
        <IngredientGrid more={{ label: more, to: link.to }} />
      </div>
    </section>
  );
}
