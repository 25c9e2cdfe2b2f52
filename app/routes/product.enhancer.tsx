import { FdaDisclaimer } from "~/components/sections/fda-disclaimer";
import { BundleCard, KitUpsell } from "~/components/sections/product-extras";
import { ProductHeader } from "~/components/sections/product-header";
import { ProductJsonLd } from "~/components/sections/product-json-ld";
import { ProductTabs } from "~/components/sections/product-tabs";
import { StickyBuyBar } from "~/components/sections/sticky-buy-bar";
import { ProductImage } from "~/components/ui/product-image";
import { defaultEnhancer, images } from "~/content/product";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";

const page = pages.enhancer;

export const meta = () => pageMeta(page);

/**
 * The Enhancer's page, server-rendered per request. It draws the default product (spec §4: "Test
 * pricing" at 0.25) until the live product is wired in: swap `product` and `loading` for the
 * loader's values.
 */
export default function Page() {
  const product = defaultEnhancer;
  const loading = false;
  return (
    <div className="relative">
      <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
        <div className="container-page relative grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
          <div className="mx-auto w-full max-w-[12rem] sm:max-w-xs lg:max-w-md">
            <ProductImage kind="bottle" alt={`A bottle of ${product.title}`} priority />
          </div>
          <ProductHeader {...product} loading={loading} />
        </div>
      </section>

      <div className="container-page grid gap-5 py-12 sm:py-16 lg:grid-cols-2">
        <BundleCard />
        <KitUpsell />
      </div>

      <section aria-label="Product details" className="container-page pb-16 sm:pb-24">
        <ProductTabs />
      </section>

      <FdaDisclaimer className="pb-12" />
      <ProductJsonLd
        name={product.title}
        description={product.description}
        price={product.price}
        path={page.path}
        image={images.bottle.src}
      />
      <StickyBuyBar title={product.title} price={product.price} />
    </div>
  );
}
