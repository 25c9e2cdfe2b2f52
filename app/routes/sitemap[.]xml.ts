import { indexablePaths } from "~/content/routes";
import { absoluteUrl } from "~/lib/seo";

/** sitemap.xml: every public, indexable route of spec §2. */
export function loader() {
  const urls = indexablePaths.map((path) => `  <url><loc>${absoluteUrl(path)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
