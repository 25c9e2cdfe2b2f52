import { Link } from "react-router";
import { FaqExplorer } from "~/components/sections/faq-explorer";
import { faqJsonLd } from "~/components/sections/faq-section";
import { PageIntro } from "~/components/sections/page-intro";
import { JsonLd } from "~/components/ui/json-ld";
import { TEXT_LINK } from "~/components/ui/text-link";
import { faqGroups, faqPageCopy, faqPlain } from "~/content/faq-page";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/faq";

const page = pages.faq;

export const meta = () => pageMeta(page);

/**
 * The questions come through the loader, not an import: prerendered, they travel in the HTML as data
 * instead of as JavaScript, and the ingredient data the answers are built from stays on the server
 * (docs/decisions/011-performance-budgets.md).
 */
export function loader() {
  return { groups: faqGroups, plain: faqPlain, copy: faqPageCopy };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { groups, plain, copy } = loaderData;
  return (
    <>
      <PageIntro eyebrow={copy.eyebrow} heading={page.heading}>
        <p className="text-pretty">{copy.lead}</p>
        <p className="mt-3">
          {copy.notHere}{" "}
          <span className="whitespace-nowrap">
            <Link to={copy.contactLink.to} className={TEXT_LINK}>
              {copy.contactLink.label}
            </Link>
            .
          </span>
        </p>
      </PageIntro>
      <FaqExplorer groups={groups} copy={copy} />
      <JsonLd data={faqJsonLd(plain)} />
    </>
  );
}
