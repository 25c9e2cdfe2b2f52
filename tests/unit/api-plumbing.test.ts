import pino from "pino";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiAction } from "~/server/http/api-action.server";
import { readBody } from "~/server/http/body.server";
import { ApiError, methodNotAllowed } from "~/server/http/failures.server";
import { checkOrigin, requireBearerToken, secretsEqual } from "~/server/http/guards.server";
import { createRateLimiter } from "~/server/http/rate-limits.server";
import { describeIssues, parseInput } from "~/server/http/validation.server";
import { parseEnv } from "~/server/runtime/env.server";

const logger = pino({ level: "silent" });

function post(
  body: BodyInit | null,
  headers: Record<string, string> = {},
  url = "http://127.0.0.1:4000/api/x",
) {
  return new Request(url, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

async function errorOf(promise: Promise<unknown> | (() => unknown)): Promise<ApiError> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

describe("readBody", () => {
  it("reads JSON, with or without a charset", async () => {
    expect(await readBody(post('{"a":1}', { "content-type": "application/json" }))).toEqual({
      via: "json",
      data: { a: 1 },
    });
    expect(await readBody(post("[]", { "content-type": "Application/JSON; charset=utf-8" }))).toEqual({
      via: "json",
      data: [],
    });
  });

  it.each([
    ["text/plain", 415],
    ["", 415],
    ["application/x-www-form-urlencoded", 415],
    ["multipart/form-data; boundary=x", 415],
  ])("refuses content type %j with %i", async (type, status) => {
    const error = await errorOf(readBody(post("a=1", type ? { "content-type": type } : {})));
    expect(error.status).toBe(status);
    expect(error.message).toMatch(/JSON/);
  });

  it("reads a form only when the route opts in", async () => {
    const body = await readBody(post("a=1&b=two", { "content-type": "application/x-www-form-urlencoded" }), {
      acceptForm: true,
    });
    expect(body.via).toBe("form");
    expect(body.via === "form" && Object.fromEntries(body.fields)).toEqual({ a: "1", b: "two" });
  });

  it("refuses a body over 16 KB while reading it, whatever Content-Length says", async () => {
    const big = JSON.stringify({ a: "x".repeat(16 * 1024) });
    const declared = await errorOf(readBody(post(big, { "content-type": "application/json" })));
    expect(declared.status).toBe(413);
    // A streamed body with no Content-Length.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const streamed = await errorOf(readBody(post(stream, { "content-type": "application/json" })));
    expect(streamed.status).toBe(413);
    expect(streamed.message).toBe("The request is too large: the limit is 16 KB.");
  });

  it("accepts a body of exactly 16 KB", async () => {
    const body = JSON.stringify({ a: "x".repeat(16 * 1024 - 8) });
    expect(body.length).toBe(16 * 1024);
    expect((await readBody(post(body, { "content-type": "application/json" }))).via).toBe("json");
  });

  it.each([
    ["{", "The request body is not valid JSON."],
    ["", "The request body is empty: send a JSON object."],
    ["{'a':1}", "The request body is not valid JSON."],
  ])("refuses malformed JSON %j", async (text, message) => {
    const error = await errorOf(readBody(post(text, { "content-type": "application/json" })));
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it("refuses bytes that are not UTF-8", async () => {
    const error = await errorOf(
      readBody(post(new Uint8Array([0x7b, 0xff, 0x7d]), { "content-type": "application/json" })),
    );
    expect(error).toMatchObject({ status: 400, message: "The request body is not valid UTF-8 text." });
  });
});

describe("parseInput and describeIssues", () => {
  const schema = z.strictObject({
    handle: z.string().regex(/^[a-z]+$/, { message: "must be lowercase letters" }),
    quantity: z.number().int(),
    nested: z.strictObject({ x: z.string() }).optional(),
  });

  it.each([
    [{ quantity: 1 }, '"handle" is required.'],
    [{ handle: 5, quantity: 1 }, '"handle" must be text.'],
    [{ handle: "a", quantity: "1" }, '"quantity" must be a number.'],
    [{ handle: "A", quantity: 1 }, '"handle" must be lowercase letters.'],
    [{ handle: "a", quantity: 1, colour: "red" }, 'Unknown field "colour".'],
    [{ handle: "a", quantity: 1, nested: { x: "y", z: 1 } }, 'Unknown field "z" in "nested".'],
    [{ handle: "a", quantity: 1, nested: {} }, '"nested.x" is required.'],
    [[1], "The request body must be a JSON object."],
    [null, "The request body must be a JSON object."],
  ])("explains %j as %j", (data, message) => {
    const error = (() => {
      try {
        parseInput(schema, data);
      } catch (e) {
        return e as ApiError;
      }
      throw new Error("expected a failure");
    })();
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it("names at most three problems", () => {
    const result = z
      .strictObject({ a: z.string(), b: z.string(), c: z.string(), d: z.string() })
      .safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(describeIssues(result.error.issues, {})).toBe(
        '"a" is required; "b" is required; "c" is required (and 1 more).',
      );
    }
  });
});

describe("checkOrigin", () => {
  const site = "https://forge.example";
  it.each([
    [undefined, true],
    ["https://forge.example", true],
    ["http://127.0.0.1:4000", true],
    ["https://evil.example", false],
    ["http://forge.example", false],
    ["null", false],
    ["not a url", false],
  ])("Origin %j → allowed %s", (origin, allowed) => {
    const request = post("{}", origin ? { origin } : {});
    if (allowed) expect(() => checkOrigin(request, site)).not.toThrow();
    else expect(() => checkOrigin(request, site)).toThrow("This request did not come from this site.");
  });

  it("refuses a cross-site fetch even without Origin", () => {
    expect(() => checkOrigin(post("{}", { "sec-fetch-site": "cross-site" }), site)).toThrow(ApiError);
  });
});

describe("requireBearerToken", () => {
  const token = "a".repeat(32);
  it.each([
    [undefined, undefined, 403, /turned off/],
    [token, undefined, 401, /required/],
    [token, "", 401, /required/],
    [token, `Basic ${token}`, 401, /malformed/],
    [token, `Bearer ${token} extra`, 401, /malformed/],
    [token, "Bearer", 401, /malformed/],
    [token, `Bearer ${"b".repeat(32)}`, 401, /not valid/],
    [token, `Bearer ${token}x`, 401, /not valid/],
  ])("configured %j, header %j → %i", async (expected, header, status, message) => {
    const request = post("{}", header === undefined ? {} : { authorization: header });
    const error = await errorOf(() => requireBearerToken(request, expected, "Product creation"));
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
  });

  it("accepts the configured token", () => {
    expect(() =>
      requireBearerToken(post("{}", { authorization: `Bearer ${token}` }), token, "Product creation"),
    ).not.toThrow();
  });

  it("compares secrets of any length", () => {
    expect(secretsEqual("abc", "abc")).toBe(true);
    expect(secretsEqual("abc", "abcd")).toBe(false);
    expect(secretsEqual("", "a")).toBe(false);
  });
});

describe("rate limiter (memory)", () => {
  it("allows the configured points, then answers with the seconds to wait", async () => {
    const limiter = await createRateLimiter({
      logger,
      limits: { "shopify-create-product": { points: 2, durationSeconds: 30 } },
    });
    expect(limiter.store).toBe("memory");
    expect((await limiter.consume("shopify-create-product", "1.1.1.1")).allowed).toBe(true);
    expect((await limiter.consume("shopify-create-product", "1.1.1.1")).allowed).toBe(true);
    const third = await limiter.consume("shopify-create-product", "1.1.1.1");
    expect(third).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Another address and another limit are counted apart.
    expect((await limiter.consume("shopify-create-product", "2.2.2.2")).allowed).toBe(true);
    expect((await limiter.consume("shopify-get-product", "1.1.1.1")).allowed).toBe(true);
    await limiter.close();
  });

  it("scales points by the multiplier", async () => {
    const limiter = await createRateLimiter({
      logger,
      multiplier: 3,
      limits: { "shopify-create-product": { points: 1, durationSeconds: 30 } },
    });
    for (let i = 0; i < 3; i++)
      expect((await limiter.consume("shopify-create-product", "k")).allowed).toBe(true);
    expect((await limiter.consume("shopify-create-product", "k")).allowed).toBe(false);
  });
});

describe("apiAction", () => {
  async function contextWith(limit = 100) {
    const env = parseEnv({ PUBLIC_SITE_URL: "https://forge.example" });
    const rateLimiter = await createRateLimiter({
      logger,
      limits: { "shopify-get-product": { points: limit, durationSeconds: 60 } },
    });
    return {
      services: { env, logger, rateLimiter },
      clientIp: "10.0.0.1",
      requestId: "r1",
    } as unknown as AppLoadContext;
  }
  const calls: unknown[] = [];
  const action = apiAction({
    rateLimit: "shopify-get-product",
    checkOrigin: true,
    input: z.strictObject({ handle: z.string() }),
    form: (fields) => ({ handle: fields.get("handle") ?? undefined }),
    handler({ input, via }) {
      calls.push(input);
      if (input.handle === "boom") throw new Error("secret internals at line 42");
      if (input.handle === "missing") throw new ApiError(404, "No such thing.");
      return { success: true, handle: input.handle, via };
    },
  });
  const run = async (request: Request, context?: AppLoadContext) =>
    action({ request, context: context ?? (await contextWith()), params: {} } as never);

  it("runs the handler with validated input and answers JSON that no cache keeps", async () => {
    const response = await run(post('{"handle":"a"}', { "content-type": "application/json" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ success: true, handle: "a", via: "json" });
  });

  it("accepts the form it opted into", async () => {
    const response = await run(post("handle=b", { "content-type": "application/x-www-form-urlencoded" }));
    expect(await response.json()).toEqual({ success: true, handle: "b", via: "form" });
  });

  it("answers ApiErrors with their status and a 500 without internals for anything else", async () => {
    const missing = await run(post('{"handle":"missing"}', { "content-type": "application/json" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: "No such thing." });
    const boom = await run(post('{"handle":"boom"}', { "content-type": "application/json" }));
    expect(boom.status).toBe(500);
    const text = await boom.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: "Something went wrong. Please try again." });
    expect(text).not.toContain("line 42");
  });

  it("checks the origin before reading the body, and never calls the handler on bad input", async () => {
    calls.length = 0;
    const foreign = await run(
      post('{"handle":"a"}', { "content-type": "application/json", origin: "https://evil.example" }),
    );
    expect(foreign.status).toBe(403);
    const bad = await run(post('{"handle":1}', { "content-type": "application/json" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, error: '"handle" must be text.' });
    expect(calls).toEqual([]);
  });

  it("answers 429 with Retry-After once the limit is spent", async () => {
    const context = await contextWith(1);
    const body = () => post('{"handle":"a"}', { "content-type": "application/json" });
    expect((await run(body(), context)).status).toBe(200);
    const limited = await run(body(), context);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toEqual({
      success: false,
      error: "Too many requests. Please wait a moment and try again.",
    });
  });

  it("answers other methods 405", async () => {
    const response = methodNotAllowed();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toMatchObject({ success: false });
  });
});
