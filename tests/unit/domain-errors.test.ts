import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { confirmationEmailOf } from "~/contracts/order-confirmation";
import {
  ConflictError,
  type DomainError,
  NotFoundError,
  ProviderError,
  RequestRejectedError,
} from "~/server/errors.server";
import { apiAction } from "~/server/http/api-action.server";
import { failureOf } from "~/server/http/failures.server";
import { createRateLimiter } from "~/server/http/rate-limits.server";
import { webhookAction } from "~/server/http/webhook-action.server";
import { MailSendError } from "~/server/mail/mailer.server";
import { confirmationEmailState } from "~/server/orders/fulfilment.server";
import { parseEnv } from "~/server/runtime/env.server";
import { StoreRejectedError } from "~/server/shopify/catalog.server";
import { ShopifyError } from "~/server/shopify/graphql-client.server";
import { CHECKOUT_NOT_CREATED, PaymentProviderError, WebhookSignatureError } from "~/server/stripe/types";
import { orderLineName } from "~/shared/order-line-name";
import { projectRoot } from "./import-graph";

/**
 * Domain errors are mapped to HTTP in one place, the API wrapper (decision 073): each error the
 * adapters throw, and the status and message a client gets for it, as they were when each route mapped
 * its own.
 */

const mapped = (error: DomainError, audience?: "person" | "provider") => {
  const failure = failureOf(error, audience);
  return { status: failure.status, message: failure.message, reply: failure.reply };
};

describe("each domain error → status and message", () => {
  it.each<[string, DomainError, number, string]>([
    [
      "Shopify unreachable",
      new ShopifyError("unavailable", "Shopify answered HTTP 503."),
      502,
      "The store could not be reached. Please try again in a moment.",
    ],
    [
      "Shopify refusing the credentials",
      new ShopifyError("unauthorized", "Shopify refused the access token (HTTP 401)."),
      502,
      "The store refused this site's credentials. Please try again later.",
    ],
    [
      "Shopify answering wrongly",
      new ShopifyError("bad_response", "Shopify's answer did not have the expected shape."),
      502,
      "The store answered in a way this site did not understand. Please try again later.",
    ],
    [
      "Shopify refusing the input",
      new StoreRejectedError("The store sells in USD: a product priced in EUR cannot be created."),
      400,
      "The store sells in USD: a product priced in EUR cannot be created.",
    ],
    [
      "Stripe failing while a checkout is created",
      new PaymentProviderError("unavailable", "Stripe 500 error: boom", 500, undefined, CHECKOUT_NOT_CREATED),
      502,
      "Failed to create checkout session: the payment provider could not be reached.",
    ],
    [
      "Stripe refusing while a checkout is created",
      new PaymentProviderError("rejected", "Stripe 400 error: bad", 400, "x", CHECKOUT_NOT_CREATED),
      502,
      "Failed to create checkout session: the payment provider could not be reached.",
    ],
    [
      "Stripe failing while an order is confirmed",
      new PaymentProviderError("unavailable", "Stripe connection error: reset"),
      502,
      "The payment provider could not be reached. Please try again in a moment.",
    ],
    [
      "a bad webhook signature",
      new WebhookSignatureError("No signatures found matching the expected signature"),
      400,
      "The Stripe signature is missing or not valid.",
    ],
    [
      "this site's database failing",
      new ProviderError("provider_unavailable", "database", "insert failed", {
        publicMessage: "Not recorded.",
      }),
      503,
      "Not recorded.",
    ],
    [
      "bad input",
      new RequestRejectedError("Enter a valid email address."),
      400,
      "Enter a valid email address.",
    ],
    [
      "nothing by that id",
      new NotFoundError("No checkout session was found with that id."),
      404,
      "No checkout session was found with that id.",
    ],
    ["an unpaid session", new ConflictError("unpaid", "Not paid yet."), 402, "Not paid yet."],
    ["an expired session", new ConflictError("expired", "Expired."), 410, "Expired."],
    [
      "a session not matching its checkout",
      new ConflictError("mismatch", "Does not match."),
      409,
      "Does not match.",
    ],
  ])("%s", (_what, error, status, message) => {
    expect(mapped(error)).toEqual({ status, message, reply: {} });
  });

  it("keeps the log's details out of the answer", () => {
    const failure = mapped(new ShopifyError("unavailable", "Could not reach Shopify: ECONNREFUSED 10.0.0.5"));
    expect(failure.message).not.toContain("10.0.0.5");
  });

  it("tells a provider calling back (a webhook's sender) which provider failed, in its terms", () => {
    expect(mapped(new PaymentProviderError("unavailable", "Stripe 502 error"), "provider")).toMatchObject({
      status: 502,
      message: "The payment provider could not be reached.",
    });
    expect(mapped(new WebhookSignatureError("stale"), "provider")).toMatchObject({
      status: 400,
      message: "The Stripe signature is missing or not valid.",
    });
  });

  it("carries the reply's fields (the order a failed e-mail is about)", () => {
    const error = new ProviderError("provider_unavailable", "mail", "not sent", {
      publicMessage: "E-mail failed.",
      reply: {
        email: "jo@example.com",
        message: "E-mail failed.",
        error: "E-mail failed.",
        reason: "email_failed",
      },
    });
    expect(mapped(error)).toEqual({
      status: 502,
      message: "E-mail failed.",
      reply: {
        email: "jo@example.com",
        message: "E-mail failed.",
        error: "E-mail failed.",
        reason: "email_failed",
      },
    });
  });

  it("calls a mail server's refusal a rejection and its silence unavailability", () => {
    expect(new MailSendError("550 no such user", 550).category).toBe("provider_rejected");
    expect(new MailSendError("connection timeout").category).toBe("provider_unavailable");
  });
});

describe("the wrapper answers what a handler throws", () => {
  const logger = pino({ level: "silent" });
  async function context(): Promise<AppLoadContext> {
    const rateLimiter = await createRateLimiter({
      logger,
      limits: { "shopify-get-product": { points: 100, durationSeconds: 60 } },
    });
    return {
      services: { env: parseEnv({ PUBLIC_SITE_URL: "https://forge.example" }), logger, rateLimiter },
      clientIp: "10.0.0.1",
      requestId: "r1",
    } as unknown as AppLoadContext;
  }
  const post = (body: string, type: string) =>
    new Request("http://127.0.0.1:4000/api/x", { method: "POST", body, headers: { "content-type": type } });

  const failures: Record<string, () => DomainError> = {
    mail: () =>
      new ProviderError("provider_unavailable", "mail", "not sent", {
        publicMessage: "E-mail failed.",
        reply: { email: null, message: "E-mail failed.", error: "E-mail failed.", reason: "email_failed" },
      }),
    shopify: () => new ShopifyError("unavailable", "timeout"),
    // As drizzle throws it when pg gave up waiting for the answer (the chaos run's frozen database).
    database: () =>
      new Error("Failed query: insert into checkouts", { cause: new Error("Query read timeout") }) as never,
  };
  const action = apiAction({
    rateLimit: "shopify-get-product",
    checkOrigin: false,
    input: z.strictObject({ fail: z.string() }),
    handler({ input }) {
      throw failures[input.fail]?.() ?? new Error("unknown");
    },
    formPost: {
      input: z.strictObject({ fail: z.string() }),
      fields: (fields) => Object.fromEntries(fields),
      handler({ input }) {
        throw failures[input.fail]?.() ?? new Error("unknown");
      },
      error: (failure) =>
        new Response(`page: ${failure.status} ${failure.message}`, { status: failure.status }),
    },
  });
  const run = async (request: Request) => action({ request, context: await context(), params: {} } as never);

  it("as JSON, with the reply's fields in the order the client knows", async () => {
    const response = await run(post('{"fail":"mail"}', "application/json"));
    expect(response.status).toBe(502);
    expect(await response.text()).toBe(
      '{"success":false,"email":null,"message":"E-mail failed.","error":"E-mail failed.","reason":"email_failed"}',
    );
  });

  it("to a form post, through the form's own failure answer", async () => {
    const response = await run(post("fail=shopify", "application/x-www-form-urlencoded"));
    expect(response.status).toBe(502);
    expect(await response.text()).toBe(
      "page: 502 The store could not be reached. Please try again in a moment.",
    );
  });

  it("the database not answering: 503, try again (not 500), with no internals", async () => {
    const response = await run(post('{"fail":"database"}', "application/json"));
    expect(response.status).toBe(503);
    const body = (await response.json()) as { success: boolean; error: string };
    expect(body).toMatchObject({ success: false });
    expect(body.error).toBe("The store cannot take this request right now. Please try again in a minute.");
    expect(JSON.stringify(body)).not.toContain("checkouts");
  });

  it("refuses other content types as a JSON-only function does", async () => {
    const response = await run(post("fail=shopify", "text/plain"));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      success: false,
      error: "Send the request as JSON (Content-Type: application/json).",
    });
  });

  it("a webhook: a provider failure in the provider's terms, anything else 500 without internals", async () => {
    const webhook = webhookAction({
      maxBytes: 64,
      tooLarge: "Too large.",
      async handler({ body }) {
        if (body === "stripe") throw new PaymentProviderError("unavailable", "Stripe 502 error");
        throw new Error("secret internals");
      },
    });
    const call = async (body: string) =>
      webhook({ request: post(body, "application/json"), context: await context(), params: {} } as never);
    const stripe = await call("stripe");
    expect(stripe.status).toBe(502);
    expect(await stripe.json()).toEqual({
      success: false,
      error: "The payment provider could not be reached.",
    });
    const other = await call("other");
    expect(other.status).toBe(500);
    expect(await other.json()).toEqual({ success: false, error: "Something went wrong. Please try again." });
    const large = await call("x".repeat(65));
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ success: false, error: "Too large." });
  });
});

describe("one rule, one place", () => {
  it("names an order line with its variant only when it has one", () => {
    expect(orderLineName({ productTitle: "Forge Enhancer", variantTitle: null })).toBe("Forge Enhancer");
    expect(orderLineName({ productTitle: "Kit", variantTitle: "Large" })).toBe("Kit (Large)");
  });

  it.each([
    ["sent", false, "sent"],
    ["pending", false, "pending"],
    ["sending", false, "pending"],
    ["pending", true, "failed"],
    ["failed", false, "failed"],
    [null, false, "failed"],
  ] as const)("the outbox's %s (refused last attempt: %s) is the buyer's %s", (status, refused, state) => {
    expect(confirmationEmailState(status, refused)).toBe(state);
  });
});

describe("the page reads the e-mail's state the reply carries", () => {
  const order = undefined as never;
  it.each([
    [{ success: true, email: "a@b.c", message: "m", emailStatus: "sent", order } as const, "sent"],
    [{ success: true, email: "a@b.c", message: "m", emailStatus: "pending", order } as const, "pending"],
    [{ success: false, email: "a@b.c", message: "m", error: "m", reason: "email_failed" } as const, "failed"],
    [{ success: false, email: null, message: "m", error: "m", reason: "expired" } as const, null],
    [{ success: false, email: null, message: "m", error: "m" } as const, null],
  ])("%o → %s", (reply, state) => {
    expect(confirmationEmailOf(reply)).toBe(state);
  });
});

describe("thin API routes (issue 21 item 5)", () => {
  const routes = readdirSync(path.join(projectRoot, "app/routes"))
    .filter((file) => /^api\..+\.ts$/.test(file) || file === "payment-success.tsx")
    .map((file) => `app/routes/${file}`);

  const read = (file: string) => readFileSync(path.join(projectRoot, file), "utf8");

  /** The catch clauses and promise `.catch(` calls in a source text. */
  function catchClauses(text: string): number {
    const source = ts.createSourceFile("route.ts", text, ts.ScriptTarget.Latest, true);
    let count = 0;
    const visit = (node: ts.Node) => {
      if (ts.isCatchClause(node)) count++;
      // `.catch(` on a promise is a try/catch too.
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "catch"
      )
        count++;
      ts.forEachChild(node, visit);
    };
    visit(source);
    return count;
  }

  it("reads every API route", () => {
    expect(routes).toContain("app/routes/api.hybrid-checkout.ts");
    expect(routes.length).toBeGreaterThanOrEqual(6);
  });

  it.each(routes.map((file) => [file]))("%s catches no error: the wrapper maps them", (file) => {
    expect(catchClauses(read(file))).toBe(0);
  });

  it.each(routes.map((file) => [file]))("%s checks no content type and writes no HTML page", (file) => {
    const text = read(file);
    expect(text).not.toMatch(/content-type/i);
    expect(text).not.toMatch(/<!doctype html/i);
  });

  it("the catch counter sees a catch clause and a .catch(", () => {
    expect(catchClauses("try { a(); } catch (error) { b(error); }")).toBe(1);
    expect(catchClauses("try { a(); } catch { b(); }")).toBe(1);
    expect(catchClauses("a().catch(() => null);")).toBe(1);
    expect(catchClauses("try { a(); } finally { b(); }")).toBe(0);
  });
});
