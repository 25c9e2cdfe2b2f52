import pino from "pino";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiAction } from "~/server/http/api-action.server";
import { requireBearerToken } from "~/server/http/guards.server";
import { createRateLimiter } from "~/server/http/rate-limits.server";
import { parseEnv } from "~/server/runtime/env.server";

/**
 * Issue 15 item 7: what another site's page can make a visitor's browser send (a foreign Origin,
 * Sec-Fetch-Site: cross-site, a content type a form or no-cors fetch can carry) is refused without
 * spending the visitor's rate limit; what only this site's pages or a non-browser client send (too
 * large, malformed, a wrong admin token) still counts.
 */

const logger = pino({ level: "silent" });
const LIMIT = 3;
const SITE = "https://forge.example";

async function contextFor() {
  const rateLimiter = await createRateLimiter({
    logger,
    limits: { "newsletter-subscribe": { points: LIMIT, durationSeconds: 600 } },
  });
  return {
    services: { env: parseEnv({ PUBLIC_SITE_URL: SITE }), logger, rateLimiter },
    clientIp: "203.0.113.50",
    requestId: "r1",
  } as unknown as AppLoadContext;
}

const handled: unknown[] = [];
const action = apiAction({
  rateLimit: "newsletter-subscribe",
  checkOrigin: true,
  input: z.strictObject({ email: z.string() }),
  form: (fields) => ({ email: fields.get("email") ?? "" }),
  authorize({ request }) {
    if (request.headers.has("x-needs-token")) requireBearerToken(request, "t".repeat(24), "This");
  },
  handler({ input }) {
    handled.push(input);
    return { success: true };
  },
});

function post(body: string, headers: Record<string, string>) {
  return new Request(`${SITE}/api/newsletter-subscribe`, { method: "POST", body, headers });
}
const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as never);
const valid = () => post('{"email":"a@example.com"}', { "content-type": "application/json", origin: SITE });

describe("apiAction: refusals another site can cause spend no rate limit", () => {
  const foreign = "https://evil.example";
  it.each([
    [
      "a foreign Origin (form post)",
      403,
      { "content-type": "application/x-www-form-urlencoded", origin: foreign },
    ],
    ["a foreign Origin (JSON)", 403, { "content-type": "application/json", origin: foreign }],
    [
      "Origin: null (a sandboxed frame)",
      403,
      { "content-type": "application/x-www-form-urlencoded", origin: "null" },
    ],
    [
      "Sec-Fetch-Site: cross-site without Origin",
      403,
      { "content-type": "application/json", "sec-fetch-site": "cross-site" },
    ],
    [
      "multipart from a foreign Origin",
      403,
      { "content-type": "multipart/form-data; boundary=x", origin: foreign },
    ],
    ["text/plain (a no-cors fetch's type)", 415, { "content-type": "text/plain", origin: SITE }],
    ["no content type", 415, { origin: SITE }],
  ] as [string, number, Record<string, string>][])(
    "%s: %i, ten times over, and the visitor's own call still goes through",
    async (_what, status, headers) => {
      const context = await contextFor();
      handled.length = 0;
      for (let i = 0; i < LIMIT * 10; i++) {
        const refused = await run(post("email=a%40example.com", headers), context);
        expect(refused.status).toBe(status);
      }
      expect(handled).toEqual([]);
      const own = await run(valid(), context);
      expect(own.status).toBe(200);
      expect(handled).toHaveLength(1);
    },
  );
});

describe("apiAction: refusals only this site's pages or a non-browser client cause still count", () => {
  it.each([
    [
      "a body over 16 KB",
      () => post(`{"email":"${"a".repeat(17_000)}"}`, { "content-type": "application/json", origin: SITE }),
      413,
    ],
    ["malformed JSON", () => post("{", { "content-type": "application/json", origin: SITE }), 400],
    ["a schema failure", () => post('{"email":1}', { "content-type": "application/json" }), 400],
    [
      "a missing admin token",
      () => post("{}", { "content-type": "application/json", "x-needs-token": "1" }),
      401,
    ],
  ])("%s", async (_what, request, status) => {
    const context = await contextFor();
    for (let i = 0; i < LIMIT; i++) expect((await run(request(), context)).status).toBe(status);
    const limited = await run(valid(), context);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("checks Origin before Content-Type, and both before the limit: a spent limit still answers 403 to another site", async () => {
    const context = await contextFor();
    for (let i = 0; i < LIMIT; i++) expect((await run(valid(), context)).status).toBe(200);
    expect((await run(valid(), context)).status).toBe(429);
    const foreign = await run(
      post("{}", { "content-type": "text/plain", origin: "https://evil.example" }),
      context,
    );
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      success: false,
      error: "This request did not come from this site.",
    });
  });
});
