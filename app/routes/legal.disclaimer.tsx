import { LegalDocumentPage } from "~/components/sections/legal-document";
import { disclaimer } from "~/content/legal/disclaimer";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legal.disclaimer";

const page = pages.disclaimer;

export const meta = () => pageMeta(page);

/** Long copy travels as loader data in the prerendered HTML, not as JavaScript (decision 011). */
export function loader() {
  return { document: disclaimer };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage heading={page.heading} document={loaderData.document} />;
}
