/**
 * Where Stripe's Cancel sends the visitor: back to the page of this site they came from (the
 * Referer, when it is this site and names a plain path), else the home page. Always an absolute URL
 * on PUBLIC_SITE_URL's origin: any client can send any Referer, so nothing in it may pick the host.
 */
export function cancelUrlFor(request: Request, siteUrl: string): string {
  const home = `${siteUrl}/`;
  const referer = request.headers.get("referer");
  if (!referer) return home;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return home;
  }
  const site = new URL(siteUrl).origin;
  const allowed = new Set([site, new URL(request.url).origin]);
  if (!allowed.has(from.origin)) return home;
  const path = from.pathname;
  // A plain path only: `//host/…` (and `/\host`, which URL parsers read as `//`) would name another
  // site once put after an origin, and `//` alone no URL at all.
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return home;
  // Not back into an API call or the confirmation of another order.
  if (path.startsWith("/api/") || path.startsWith("/__sandbox") || path === "/payment-success") return home;
  let target: URL;
  try {
    target = new URL(`${site}${path}${from.search}`);
  } catch {
    return home;
  }
  if (target.origin !== site) return home;
  return target.href.length <= 2_000 ? target.href : home;
}
