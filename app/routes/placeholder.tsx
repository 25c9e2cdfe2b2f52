import { useLocation } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { pageByPath } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/placeholder";

/** The heading-only pages of spec §2 that are still only a heading (quiz, results). */
export const meta: Route.MetaFunction = ({ location }) => {
  const page = pageByPath(location.pathname);
  return page ? pageMeta(page) : [];
};

export default function PlaceholderPage() {
  const page = pageByPath(useLocation().pathname);
  return <PageIntro heading={page?.heading ?? ""} />;
}
