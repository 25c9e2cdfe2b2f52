import { PrivacyPolicy } from "~/components/sections/privacy-policy";
import { privacyOpeningData } from "~/content/legal/privacy";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legal.privacy";

const page = pages.privacy;

export const meta = () => pageMeta(page);

/**
 * The policy's opening comes through the loader: prerendered, it travels in the HTML as data, not as
 * JavaScript (docs/decisions/011-performance-budgets.md). The full text is not in it: the server renders
 * it from the content modules, and the browser keeps that markup (decision 146). What the page says
 * about data is the inventory's, the module the retention job and the inventory test read (decision 078).
 */
export function loader() {
  return privacyOpeningData();
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PrivacyPolicy heading={page.heading} data={loaderData} />;
}
