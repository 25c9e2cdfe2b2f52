import { WithLiveProduct } from "~/components/sections/live-product";
import { BundleCard, KitUpsell } from "~/components/sections/product-extras";
import { ProductHeader } from "~/components/sections/product-header";
import { ProductJsonLd } from "~/components/sections/product-json-ld";
import { ProductTabs } from "~/components/sections/product-tabs";
import { StickyBuyBar } from "~/components/sections/sticky-buy-bar";
import { ProductImage } from "~/components/ui/product-image";
import { defaultEnhancer, images } from "~/content/product";
import { pages } from "~/content/routes";
import { enhancerHandle } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { callerOf } from "~/server/http/caller.server";
import { servicesFor } from "~/server/http/route-services.server";
import { latestProductReviews } from "~/server/reviews/product-reviews.server";
import type { Route } from "./+types/product.enhancer";

const page = pages.enhancer;

export const meta = () => pageMeta(page);

/** Under the document's stream timeout: a slow store gives the defaults, not a broken page. */
const LIVE_PRODUCT_TIMEOUT_MS = 4_000;
/** The Reviews tab's latest few; every review is on /reviews. */
const LATEST_REVIEWS = 3;

/**
 * Critical data: none, so the first byte never waits for Shopify. Deferred: the 3-month pack's offer
 * (what its button is charged, issue 20) and the single bottle's (what its saving is measured against,
 * decision 091), the latest reviews (issue 18) and the live product, streamed in when Shopify (or the
 * product cache) answers (spec §4: "a loading flag while the product is fetched on open").
 */
export function loader({ context }: Route.LoaderArgs) {
  const services = servicesFor(context, "productLookup", "reviewListing", "logger", "subscribePage");
  const caller = callerOf(context);
  return {
    live: services.productLookup.live(enhancerHandle, LIVE_PRODUCT_TIMEOUT_MS, caller),
    offers: services.productLookup.offers(["bundle_3_month", "enhancer"], LIVE_PRODUCT_TIMEOUT_MS, caller),
    reviews: latestProductReviews(services, enhancerHandle, LATEST_REVIEWS, caller),
    // The link to /subscribe, only while Shopify has a selling plan (read without waiting; decision 131).
    subscribeLink: services.subscribePage.entryLink(),
  };
}

/**
 * The Enhancer's page, server-rendered per request: the default product (spec §4: "Test pricing" at
 * 0.25) at once, the live Shopify product when it arrives, the defaults kept on failure.
 */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { live, offers, reviews, subscribeLink } = loaderData;
  return (
    <div className="relative">
      <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
        <div className="container-page relative grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
          <div className="mx-auto w-full max-w-[12rem] sm:max-w-xs lg:max-w-md">
            <ProductImage kind="bottle" alt={`A bottle of ${defaultEnhancer.title}`} priority />
          </div>
          <WithLiveProduct live={live} announce>
            {(product, loading) => (
              <ProductHeader {...product} loading={loading} subscribeLink={subscribeLink} />
            )}
          </WithLiveProduct>
        </div>
      </section>

      <div className="container-page grid gap-5 py-12 sm:py-16 lg:grid-cols-2 [&>*]:min-w-0">
        <BundleCard offers={offers} />
        <KitUpsell />
      </div>

      {/* Skipped until near on a phone, where it starts below what the browser renders ahead (decision
          154). The estimate is at least its real height at every width it is skipped at (225 rem at
          320 px), so laid out for a query while skipped, nothing in it overflows onto the footer. */}
      <section
        aria-label="Product details"
        className="render-when-near container-page pb-16 [--estimated-height:232rem] sm:pb-24"
      >
        <ProductTabs latestReviews={reviews} />
      </section>
      {/* One Product for search engines, once the live product is known: its offer is Shopify's live
          price or none (decision 091). */}
      <WithLiveProduct live={live} settledOnly>
        {(product) => (
          <ProductJsonLd
            name={product.title}
            description={product.description}
            item="enhancer"
            path={page.path}
            image={images.bottle.src}
            rating="enhancer"
          />
        )}
      </WithLiveProduct>
      <WithLiveProduct live={live}>
        {(product) => <StickyBuyBar title={product.title} price={product.price} />}
      </WithLiveProduct>
    </div>
  );
}
