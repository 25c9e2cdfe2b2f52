import { TestProductPanel } from "~/components/commerce/test-product-panel";
import { PageIntro } from "~/components/sections/page-intro";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";

const page = pages.testProduct;

export const meta = () => pageMeta(page);

/** Developer page (spec §2): create a 50-cent item in Shopify, then buy it. noindex, not in the sitemap. */
export default function TestProductPage() {
  return (
    <>
      <PageIntro eyebrow="Developer tools" heading={page.heading}>
        Create a 50-cent product in Shopify and buy it through the real checkout, to check the whole path end
        to end.
      </PageIntro>
      <TestProductPanel />
    </>
  );
}
