/**
 * Where Stripe's Cancel sends the visitor: back to the page of this site they came from (the
 * Referer, when it is this site), else the home page. Always an absolute URL on PUBLIC_SITE_URL.
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
  const allowed = new Set([new URL(siteUrl).origin, new URL(request.url).origin]);
  if (!allowed.has(from.origin)) return home;
  // Not back into an API call or the confirmation of another order.
  if (
    from.pathname.startsWith("/api/") ||
    from.pathname.startsWith("/__sandbox") ||
    from.pathname === "/payment-success"
  )
    return home;
  const target = new URL(`${from.pathname}${from.search}`, siteUrl);
  return target.href.length <= 2_000 ? target.href : home;
}
