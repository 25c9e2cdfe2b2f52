import { Suspense } from "react";
import { Await, Link } from "react-router";
import { BuyButton } from "~/components/commerce/buy-button";
import { Icon } from "~/components/ui/icon";
import { ProductImage } from "~/components/ui/product-image";
import { formatUsd, productPagePricing, savingOf } from "~/content/pricing";
import { enhancerPage } from "~/content/product";
import { paths } from "~/content/site";
import type { LiveOffers } from "~/contracts/catalog";

type BundleFigures = { price: number | string; compareAt: number | string | null; label: string };

/** The spec's test figures ($0.60 against $0.75), until Shopify's arrive or when Shopify fails. */
const testFigures: BundleFigures = {
  price: productPagePricing.bundle.price,
  compareAt: productPagePricing.bundle.compareAt,
  label: productPagePricing.defaultPriceLabel,
};

function figuresFrom(result: LiveOffers): BundleFigures {
  const offer = result.status === "found" ? result.offers.bundle_3_month : undefined;
  if (!offer) return testFigures;
  return { price: offer.price, compareAt: offer.compareAt, label: productPagePricing.livePriceLabel };
}

export function BundlePrice({ figures, loading }: { figures: BundleFigures; loading: boolean }) {
  const saving = savingOf(figures.price, figures.compareAt);
  return (
    <div aria-busy={loading} data-testid="bundle-price" className="mt-5">
      <p className={`flex flex-wrap items-baseline gap-3 ${loading ? "animate-pulse opacity-60" : ""}`}>
        <span className="text-4xl font-black text-white">{formatUsd(figures.price, { cents: true })}</span>
        {saving !== null && figures.compareAt !== null ? (
          <>
            <span className="text-xl font-bold text-ink-300 line-through">
              <span className="sr-only">was </span>
              {formatUsd(figures.compareAt, { cents: true })}
            </span>
            <span className="rounded-full bg-ember-500 px-3 py-1 text-sm font-black uppercase text-ink-950">
              Save {formatUsd(saving)}
            </span>
          </>
        ) : null}
      </p>
      <p className="mt-3 inline-block rounded-full border border-gold-400/50 bg-gold-400/10 px-3 py-1 text-xs font-extrabold uppercase tracking-wide text-gold-400">
        {figures.label}
      </p>
    </div>
  );
}

/**
 * The 3-month bundle card: the spec's test prices ($0.60 against $0.75, save $0.15) labelled "Test
 * pricing" until Shopify answers, then the pack's price and compare-at price from Shopify (the price
 * its button is charged at), with a saving only when the compare-at proves one (issue 20).
 */
export function BundleCard({ offers }: { offers: Promise<LiveOffers> }) {
  return (
    <section aria-labelledby="bundle-card" className="card flex flex-col border-ember-500/60 p-6 sm:p-8">
      <p className="eyebrow">{enhancerPage.bundle.eyebrow}</p>
      <h2 id="bundle-card" className="mt-2 text-2xl font-black uppercase text-white">
        {enhancerPage.bundle.title}
      </h2>
      <p className="mt-2 text-ink-200">{enhancerPage.bundle.text}</p>
      <Suspense fallback={<BundlePrice figures={testFigures} loading />}>
        <Await resolve={offers}>
          {(result: LiveOffers) => <BundlePrice figures={figuresFrom(result)} loading={false} />}
        </Await>
      </Suspense>
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
