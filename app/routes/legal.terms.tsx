import { LegalDocumentPage } from "~/components/sections/legal-document";
import { termsOfSale } from "~/content/legal/terms";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import { servicesFor } from "~/server/http/route-services.server";
import { saleSettingsOf } from "~/server/orders/sale-settings.server";
import type { Route } from "./+types/legal.terms";

const page = pages.terms;

export const meta = () => pageMeta(page);

/**
 * Rendered per request from this server's checkout settings, so the terms say where Checkout ships and
 * whether it adds sales tax as it really does (decision 094). Long copy travels as loader data, not as
 * JavaScript (decision 011).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { document: termsOfSale(saleSettingsOf(servicesFor(context, "env").env)) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentPage heading={page.heading} document={loaderData.document} />;
}
