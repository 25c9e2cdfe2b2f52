import { PrivacyPolicy } from "~/components/sections/privacy-policy";
import { privacyPageData } from "~/content/legal/privacy";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legal.privacy";

const page = pages.privacy;

export const meta = () => pageMeta(page);

/**
 * The policy and its data inventory come through the loader: prerendered, they travel in the HTML as
 * data, not as JavaScript (docs/decisions/011-performance-budgets.md). What the page says about data is
 * the inventory's, the module the retention job and the inventory test read (decision 078).
 */
export function loader() {
  return privacyPageData();
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PrivacyPolicy heading={page.heading} data={loaderData} />;
}
