import type { MetaDescriptor } from "react-router";
import type { PageEntry } from "~/content/routes";
import { brand } from "~/content/site";

export const siteOrigin = __SITE_ORIGIN__;

export function absoluteUrl(path: string): string {
  return `${siteOrigin}${path === "/" ? "/" : path}`;
}

/**
 * Title, description, canonical URL and Open Graph / Twitter tags for one page.
 * Pages that must stay out of search results (payment success, test product) get `noindex`.
 */
export function pageMeta(
  page: Pick<PageEntry, "path" | "title" | "description" | "indexable">,
): MetaDescriptor[] {
  const url = absoluteUrl(page.path);
  const image = absoluteUrl("/og-image.png");
  const meta: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (!page.indexable) meta.push({ name: "robots", content: "noindex, nofollow" });
  return meta;
}
