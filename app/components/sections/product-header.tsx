import { BuyButton } from "~/components/commerce/buy-button";
import { WhoShouldNotNote } from "~/components/sections/who-should-not";
import { SubscribeLink } from "~/components/subscribe/subscribe-link";
import { Icon } from "~/components/ui/icon";
import { StarRating } from "~/components/ui/star-rating";
import { formatUsd } from "~/content/pricing";
import { enhancerPage, type ProductSummary } from "~/content/product";

export type ProductHeaderProps = ProductSummary & {
  /** The live product is being fetched (spec §4): the price shows it without moving anything. */
  loading: boolean;
  /** The words of the link to /subscribe, when Shopify has a selling plan (decision 131). */
  subscribeLink?: string | null;
};

/**
 * The Enhancer's title, description and price with its label, the facts of spec §9 and Add to Cart.
 * Takes the product as props so the live Shopify product can replace the default.
 */
export function ProductHeader({
  title,
  description,
  price,
  priceLabel,
  loading,
  subscribeLink,
}: ProductHeaderProps) {
  return (
    <div>
      <StarRating scope="enhancer" />
      <h1 className="heading-display mt-4 text-display text-white">{title}</h1>
      <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-200">{description}</p>
      <div className="mt-6 flex flex-wrap items-center gap-4" aria-busy={loading} data-testid="product-price">
        <p className={`text-5xl font-black text-white ${loading ? "animate-pulse opacity-60" : ""}`}>
          {formatUsd(price, { cents: true })}
        </p>
        <p className="rounded-full border border-gold-400/50 bg-gold-400/10 px-3 py-1 text-xs font-extrabold uppercase tracking-wide text-gold-400">
          {priceLabel}
        </p>
      </div>
      <ul className="mt-6 grid gap-2 text-ink-100 sm:grid-cols-2">
        {enhancerPage.facts.map((fact) => (
          <li key={fact} className="flex items-center gap-2">
            <Icon name="check" className="size-5 text-ember-400" strokeWidth={3} />
            {fact}
          </li>
        ))}
      </ul>
      <div className="mt-8 max-w-md">
        <BuyButton item="enhancer" flow="product" size="lg" className="w-full">
          {enhancerPage.addToCart}
        </BuyButton>
        {subscribeLink ? <SubscribeLink text={subscribeLink} className="mt-4" /> : null}
      </div>
      <WhoShouldNotNote className="mt-6" />
      <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold text-ink-200">
        {enhancerPage.assurances.map((item, index) => (
          <li key={item} className="flex items-center gap-1.5">
            <Icon
              name={(["shield", "truck", "clock"] as const)[index] ?? "check"}
              className="size-4 text-ember-400"
            />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
