import { Link, useLocation } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { TEXT_LINK } from "~/components/ui/text-link";
import { pageByPath, pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/placeholder";

/** The heading-only pages of spec §2 that are still only a heading (results, which links to the quiz). */
export const meta: Route.MetaFunction = ({ location }) => {
  const page = pageByPath(location.pathname);
  return page ? pageMeta(page) : [];
};

export default function PlaceholderPage() {
  const page = pageByPath(useLocation().pathname);
  return (
    <PageIntro heading={page?.heading ?? ""}>
      {page === pages.results ? (
        <p>
          <Link to={pages.quiz.path} className={TEXT_LINK}>
            Take the T-Quiz
          </Link>{" "}
          for your plan: 9 questions, 2 minutes.
        </p>
      ) : null}
    </PageIntro>
  );
}
