import { LegalDocumentPage } from "~/components/sections/legal-document";
import { termsOfSale } from "~/content/legal/terms";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legal.terms";

const page = pages.terms;

export const meta = () => pageMeta(page);

/** Long copy travels as loader data in the prerendered HTML, not as JavaScript (decision 011). */
export function loader() {
  return { document: termsOfSale };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage heading={page.heading} document={loaderData.document} />;
}
