import { PageIntro } from "~/components/sections/page-intro";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";

const page = pages.testProduct;

export const meta = () => pageMeta(page);

export default function Page() {
  return <PageIntro heading={page.heading} />;
}
