import { BuyButton } from "~/components/commerce/buy-button";
import { formatUsd } from "~/content/pricing";
import { enhancerPage } from "~/content/product";

/**
 * The small-screen add-to-cart bar. `position: sticky` at the end of the page's content: it rides
 * the bottom of the viewport while the product content scrolls and comes to rest after it, so it
 * never covers the last of the content or the footer. Hidden from `md` up.
 */
export function StickyBuyBar({ title, price }: { title: string; price: string }) {
  return (
    <div className="sticky-buy-bar sticky bottom-0 z-30 border-t border-white/10 bg-ink-950/95 backdrop-blur md:hidden">
      <div className="container-page flex items-center justify-between gap-3 py-3">
        <p className="min-w-0">
          <span className="block truncate text-sm font-bold text-white">{title}</span>
          <span className="text-lg font-black text-ember-400">{formatUsd(price, { cents: true })}</span>
        </p>
        <BuyButton item="enhancer" flow="product" size="md">
          {enhancerPage.addToCart}
        </BuyButton>
      </div>
    </div>
  );
}
