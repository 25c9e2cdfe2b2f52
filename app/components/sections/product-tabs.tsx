import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Tabs } from "~/components/ui/tabs";
import { enhancerFaqs } from "~/content/enhancer-faqs";
import { serving } from "~/content/formula";
import { enhancerPage } from "~/content/product";
import { paths } from "~/content/site";
import type { PublicReview } from "~/contracts/reviews";
import { ComparisonTable } from "./comparison-table";
import { FaqList } from "./faq-section";
import { IngredientGrid } from "./ingredient-summary";
import { ProductReviewsPanel } from "./product-reviews-panel";
import { SupplementFactsSection } from "./supplement-facts";

const { tabs } = enhancerPage;

/** The Enhancer page's tabs: What's Inside (default), Natural vs TRT, Reviews, FAQ. */
export function ProductTabs({ latestReviews }: { latestReviews: Promise<PublicReview[]> }) {
  return (
    <Tabs
      label={enhancerPage.tabsLabel}
      items={[
        {
          id: "inside",
          label: tabs.inside,
          content: (
            <div>
              <h2 className="text-2xl font-black uppercase text-white">{enhancerPage.inside.title}</h2>
              <p className="mt-2 text-ink-200">
                {serving.description}. {serving.supply}.
              </p>
              <div className="mt-6">
                <IngredientGrid more={{ label: enhancerPage.inside.more, to: paths.deepDive }} />
              </div>
              <div className="mt-8">
                <SupplementFactsSection />
              </div>
              <Link
                to={paths.deepDive}
                prefetch="intent"
                className="mt-6 inline-flex min-h-11 items-center gap-2 font-extrabold uppercase tracking-wide text-ember-400 hover:text-ember-300 lg:hidden"
              >
                {enhancerPage.inside.link}
                <Icon name="arrow" className="size-5" />
              </Link>
            </div>
          ),
        },
        {
          id: "natural",
          label: tabs.natural,
          content: (
            <div>
              <h2 className="sr-only">{tabs.natural}</h2>
              <ComparisonTable />
            </div>
          ),
        },
        {
          id: "reviews",
          label: tabs.reviews,
          content: (
            <div>
              <h2 className="sr-only">{tabs.reviews}</h2>
              <ProductReviewsPanel latest={latestReviews} />
            </div>
          ),
        },
        {
          id: "faq",
          label: tabs.faq,
          content: (
            <div>
              <h2 className="sr-only">{tabs.faq}</h2>
              <FaqList faqs={enhancerFaqs} />
            </div>
          ),
        },
      ]}
    />
  );
}
