import { Suspense } from "react";
import { Await, Link } from "react-router";
import { BuyButton } from "~/components/commerce/buy-button";
import { Icon } from "~/components/ui/icon";
import { ProductImage } from "~/components/ui/product-image";
import {
  formatUsd,
  monthsOf,
  type ProvenSaving,
  packs,
  perMonth,
  priceApart,
  productPagePricing,
  provenSaving,
} from "~/content/pricing";
import { enhancerPage } from "~/content/product";
import { paths } from "~/content/site";
import type { LiveOffers } from "~/contracts/catalog";

export type BundleFigures = { price: number | string; saving: ProvenSaving | null; label: string };

const months = monthsOf("bundle_3_month");
/** "3 single bottles": what the 3-month pack is measured against. */
const [contents] = packs.bundle_3_month.contents;

/** The spec's test price ($0.60), until Shopify's arrive or when Shopify fails: no saving claimed. */
const testFigures: BundleFigures = {
  price: productPagePricing.bundle.price,
  saving: null,
  label: productPagePricing.defaultPriceLabel,
};

function figuresFrom(result: LiveOffers): BundleFigures {
  const offers = result.status === "found" ? result.offers : {};
  const offer = offers.bundle_3_month;
  if (!offer) return testFigures;
  return {
    price: offer.price,
    saving: provenSaving(
      offer,
      priceApart("bundle_3_month", (item) => offers[item]?.price),
    ),
    label: productPagePricing.livePriceLabel,
  };
}

/** The pack's price and its price a month; a "was" price and "Save $X" only when proven (decision 091). */
export function BundlePrice({ figures, loading }: { figures: BundleFigures; loading: boolean }) {
  const { saving } = figures;
  return (
    <div aria-busy={loading} data-testid="bundle-price" className="mt-5">
      <p className={`flex flex-wrap items-baseline gap-3 ${loading ? "animate-pulse opacity-60" : ""}`}>
        <span className="text-4xl font-black text-white">{formatUsd(figures.price, { cents: true })}</span>
        {saving ? (
          <>
            <span className="text-xl font-bold text-ink-300 line-through">
              <span className="sr-only">{saving.basis === "apart" ? "against " : "was "}</span>
              {formatUsd(saving.reference, { cents: true })}
            </span>
            <span className="rounded-full bg-ember-500 px-3 py-1 text-sm font-black uppercase text-ink-950">
              Save {formatUsd(saving.saving)}
            </span>
          </>
        ) : null}
      </p>
      <p className="mt-1 font-bold text-ink-200">
        {formatUsd(perMonth(figures.price, months), { cents: true })} a month
        {saving?.basis === "apart"
          ? ` · ${contents.units} single bottles cost ${formatUsd(saving.reference, { cents: true })}`
          : ""}
      </p>
      <p className="mt-3 inline-block rounded-full border border-gold-400/50 bg-gold-400/10 px-3 py-1 text-xs font-extrabold uppercase tracking-wide text-gold-400">
        {figures.label}
      </p>
    </div>
  );
}

/**
 * The 3-month bundle card: the spec's test price ($0.60) labelled "Test pricing" until Shopify answers,
 * then the pack's price from Shopify (the price its button is charged at) with its price a month, and a
 * saving only when measured against three single bottles at the live price (decision 091).
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
