import { allPages } from "~/content/routes";
import { absoluteUrl } from "~/lib/seo";

/** robots.txt: everything public is open; pages that are not indexable are disallowed. */
export function loader() {
  const disallowed = allPages.filter((p) => !p.indexable).map((p) => `Disallow: ${p.path}`);
  const body = [
    "User-agent: *",
    "Allow: /",
    ...disallowed,
    "Disallow: /api/",
    "Disallow: /__sandbox/",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
