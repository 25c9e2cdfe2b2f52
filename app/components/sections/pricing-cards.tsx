import { buttonClass } from "~/components/ui/button-link";
import { Icon } from "~/components/ui/icon";
import type { PricingPlan } from "~/content/bro-science";
import { useDocumentText } from "~/lib/document-text";

/**
 * Bro Science's three plans. Their buttons are real, focusable buttons with no action: the spec
 * says the card buttons do nothing (buying happens on the product pages).
 */
export function PricingCards({ plans }: { plans: readonly PricingPlan[] }) {
  return (
    <ul className="grid items-stretch gap-5 lg:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard key={plan.name} plan={plan} />
      ))}
    </ul>
  );
}

/**
 * One plan: Shopify's price for the plan's item (decision 080), a pack's price a month, and "Save $X"
 * only when Shopify's offers prove it (decision 091).
 */
function PlanCard({ plan }: { plan: PricingPlan }) {
  const price = useDocumentText(`price:${plan.item}`);
  // Empty when no saving is proven (or the item is no pack); the server fills a prerendered page's
  // text, so :empty hides it.
  const saveLabel = useDocumentText(`save-label:${plan.item}`);
  const perMonth = useDocumentText(`per-month:${plan.item}`);
  return (
    <li
      className={`relative flex flex-col rounded-card border-2 p-7 sm:p-8 ${
        plan.featured
          ? "border-ember-500 bg-ink-950 shadow-glow lg:-my-4 lg:py-12"
          : "border-white/15 bg-ink-800"
      }`}
    >
      <p className="absolute -top-4 left-7 rounded-full bg-ember-500 px-4 py-1.5 text-sm font-black uppercase tracking-wide text-ink-950 empty:hidden">
        {saveLabel}
      </p>
      <h3 className="heading-display text-3xl text-white italic">{plan.name}</h3>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-6xl font-black tracking-tight text-white">{price}</span>
      </p>
      <p className="mt-1 font-bold uppercase tracking-wide text-ember-400">{plan.term}</p>
      <p className="mt-1 font-semibold text-ink-200 empty:hidden">{perMonth}</p>
      <ul className="mt-6 space-y-3 text-ink-100">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2.5">
            <Icon name="check" className="size-5 text-ember-400" strokeWidth={3} />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-8">
        <button
          type="button"
          className={buttonClass(plan.featured ? "primary" : "secondary", "lg", "w-full")}
        >
          {plan.button}
        </button>
      </div>
    </li>
  );
}
