import { deepDiveSections } from "~/content/deep-dive";
import type { Ingredient } from "~/content/ingredients";

/**
 * The ingredient cards' section menu: one link to each card, sticky just below the site header
 * (`h-16` and its 1 px border) for as long as the cards are on screen. One row at every width, so
 * the cards' scroll margin clears it: it scrolls sideways where the 14 names do not fit.
 */
export function IngredientJumpMenu({
  ingredients,
}: {
  ingredients: readonly Pick<Ingredient, "id" | "shortName">[];
}) {
  return (
    <nav
      aria-label={deepDiveSections.jumpMenu.label}
      className="sticky top-[calc(4rem+1px)] z-30 -mx-5 mt-10 border-y border-white/10 bg-ink-950/90 backdrop-blur supports-[backdrop-filter]:bg-ink-950/75 sm:-mx-8 md:mx-0 md:rounded-xl md:border-x"
    >
      <div className="flex items-center gap-1 pl-5 sm:pl-8 md:px-4">
        <p
          aria-hidden="true"
          className="shrink-0 text-xs font-extrabold uppercase tracking-wider text-ember-400"
        >
          {deepDiveSections.jumpMenu.shortLabel}
        </p>
        {/* The ends fade, so a name cut by the scrolling edge reads as "more this way". */}
        <ul className="flex min-w-0 gap-1 overflow-x-auto py-2 pr-5 pl-2 [mask-image:linear-gradient(to_right,transparent,#000_0.5rem,#000_calc(100%-1.25rem),transparent)] [scrollbar-width:thin] max-md:scrollbar-none sm:pr-8 md:pr-5">
          {ingredients.map((ingredient) => (
            <li key={ingredient.id} className="shrink-0">
              <a
                href={`#${ingredient.id}`}
                className="inline-flex min-h-10 items-center whitespace-nowrap rounded-full border border-white/15 px-3 text-sm font-bold text-ink-100 lg:px-2 lg:text-xs hover:border-ember-400 hover:text-ember-300"
              >
                {ingredient.shortName}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
