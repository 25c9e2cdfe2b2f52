import { beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "~/server/http/rate-limits.server";
import { SERVER_START_MS } from "../../scripts/lib/server-process";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";

/**
 * Issue 38, the helpful votes over IPv6: the server listens on `::1` only, and each request comes over
 * that IPv6 socket, speaking (TRUST_PROXY_HOPS=1, X-Forwarded-For) from addresses of one /64 or one
 * /48, as a client holding a /48 (65,536 /64s) could. A vote counts once per voter (the cookie the
 * site issues) and once per /64; a network is issued few voters an hour, so neither many addresses
 * without a cookie nor one cookie from many addresses add up to many votes (docs/decisions/090).
 */
const VOTERS_PER_NETWORK = rateLimits["review-voter"].points;
const TITLE = "Steady energy through the afternoon";

describe.each(databaseTargets)("helpful votes over IPv6 on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    env: { HOST: "::1", TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "1" },
  });
  let reviewId = "";

  beforeAll(async () => {
    const [row] = await shop.store.query<{ id: string }>(
      `insert into reviews (product, rating, title, body, display_name, verified, status, source,
          created_at, published_at) values ('forge-enhancer', 5, '${TITLE}', 'Body of the review.', 'Sam K.',
          true, 'published', 'imported', now(), now()) returning id`,
    );
    reviewId = row?.id ?? "";
  }, SERVER_START_MS + 60_000);

  /** A vote posted as a browser without JavaScript posts it, from `client` (none: the socket's own ::1). */
  const vote = (client: string | null, cookie?: string) =>
    fetch(`${shop.origin}/reviews`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: shop.origin,
        ...(client ? { "x-forwarded-for": client } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams({ intent: "helpful", reviewId }),
    });
  const countShown = async (cookie?: string) => {
    const html = await (await fetch(`${shop.origin}/reviews`, { headers: cookie ? { cookie } : {} })).text();
    const match = new RegExp(`value="${reviewId}"[\\s\\S]*?data-testid="helpful-count">\\((\\d+)\\)`).exec(
      html,
    );
    return { count: Number(match?.[1] ?? Number.NaN), pressed: /aria-pressed="true"/.test(html) };
  };
  const voterCookieOf = (response: Response) =>
    (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

  it("listens on ::1: a vote over the IPv6 socket counts once, and its voter gets a strict cookie", async () => {
    expect(new URL(shop.origin).hostname).toBe("[::1]");
    const first = await vote(null);
    expect(first.status).toBe(200);
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^forge_voter=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; /);
    for (const attribute of ["Path=/reviews", "HttpOnly", "SameSite=Lax"])
      expect(setCookie.split("; ")).toContain(attribute);
    const cookie = voterCookieOf(first);
    expect((await vote(null, cookie)).status).toBe(200);
    expect(await countShown(cookie)).toEqual({ count: 1, pressed: true });
    // The same /64 with another cookie, or none: the address has voted.
    expect((await vote(null)).status).toBe(200);
    expect((await countShown()).count).toBe(1);
  });

  it("one voter's cookie counts once from any number of /64s", async () => {
    const first = await vote("2001:db8:aaaa:1::1");
    expect(first.status).toBe(200);
    const cookie = voterCookieOf(first);
    const before = (await countShown()).count;
    for (let net = 2; net <= 12; net++)
      expect((await vote(`2001:db8:aaaa:${net}::1`, cookie)).status).toBe(200);
    expect((await countShown()).count).toBe(before);
  });

  it("many addresses of one /64 without a cookie count once", async () => {
    const before = (await countShown()).count;
    const answers = [];
    // Fewer than the network's new voters an hour: each is answered, the first counted, the rest "already".
    for (let host = 1; host < VOTERS_PER_NETWORK; host++)
      answers.push((await vote(`2001:db8:bbbb:7::${host.toString(16)}`)).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect((await countShown()).count).toBe(before + 1);
  });

  it(`a /48 without cookies: ${VOTERS_PER_NETWORK} new voters an hour, not one per /64`, async () => {
    const before = (await countShown()).count;
    const answers: number[] = [];
    for (let net = 1; net <= VOTERS_PER_NETWORK * 3; net++) {
      const response = await vote(`2001:db8:cccc:${net.toString(16)}::1`);
      answers.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(response.headers.get("set-cookie")).toBeNull();
      }
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(VOTERS_PER_NETWORK);
    expect(answers.filter((status) => status === 429)).toHaveLength(VOTERS_PER_NETWORK * 2);
    expect((await countShown()).count).toBe(before + VOTERS_PER_NETWORK);
    // A made-up cookie is no cookie: still refused, still not counted.
    const forged = await vote("2001:db8:cccc:ffff::1", `forge_voter=${"A".repeat(22)}.${"B".repeat(43)}`);
    expect(forged.status).toBe(429);
    expect((await countShown()).count).toBe(before + VOTERS_PER_NETWORK);
    // Another /48 is another network.
    expect((await vote("2001:db8:dddd:1::1")).status).toBe(200);
    expect((await countShown()).count).toBe(before + VOTERS_PER_NETWORK + 1);
  });
});
