import { Link } from "react-router";
import { BuyButton } from "~/components/commerce/buy-button";
import { Icon } from "~/components/ui/icon";
import { ProductImage } from "~/components/ui/product-image";
import { formatUsd, productPagePricing } from "~/content/pricing";
import { enhancerPage } from "~/content/product";
import { paths } from "~/content/site";

/** The 3-month bundle card: $0.60 against $0.75, save $0.15 (the product page's test prices). */
export function BundleCard() {
  const { bundle } = productPagePricing;
  return (
    <section aria-labelledby="bundle-card" className="card flex flex-col border-ember-500/60 p-6 sm:p-8">
      <p className="eyebrow">{enhancerPage.bundle.eyebrow}</p>
      <h2 id="bundle-card" className="mt-2 text-2xl font-black uppercase text-white">
        {enhancerPage.bundle.title}
      </h2>
      <p className="mt-2 text-ink-200">{enhancerPage.bundle.text}</p>
      <p className="mt-5 flex flex-wrap items-baseline gap-3">
        <span className="text-4xl font-black text-white">{formatUsd(bundle.price)}</span>
        <span className="text-xl font-bold text-ink-300 line-through">
          <span className="sr-only">was </span>
          {formatUsd(bundle.compareAt)}
        </span>
        <span className="rounded-full bg-ember-500 px-3 py-1 text-sm font-black uppercase text-ink-950">
          Save {formatUsd(bundle.savings)}
        </span>
      </p>
      <div className="mt-auto pt-6">
        <BuyButton item="bundle_3_month" flow="product" variant="secondary" size="lg" className="w-full">
          {enhancerPage.bundle.button}
        </BuyButton>
      </div>
    </section>
  );
}

/** The Test Kit upsell, linking to the kit page. */
export function KitUpsell() {
  return (
    <section
      aria-labelledby="kit-upsell"
      className="card flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:p-8"
    >
      <div className="w-28 shrink-0 sm:w-32">
        <ProductImage kind="kit" alt="" />
      </div>
      <div className="flex-1">
        <p className="eyebrow">{enhancerPage.upsell.eyebrow}</p>
        <h2 id="kit-upsell" className="mt-2 text-2xl font-black uppercase text-white">
          {enhancerPage.upsell.title}
        </h2>
        <p className="mt-2 text-ink-200">{enhancerPage.upsell.text}</p>
        <Link
          to={paths.testKit}
          prefetch="intent"
          className="mt-4 inline-flex min-h-11 items-center gap-2 font-extrabold uppercase tracking-wide text-ember-400 hover:text-ember-300"
        >
          {enhancerPage.upsell.link}
          <Icon name="arrow" className="size-5" />
        </Link>
      </div>
    </section>
  );
}
