import { createGraphQLClient } from "@shopify/graphql-client";
import type { z } from "zod";
import { ProviderError } from "~/server/errors.server";
import type { Logger } from "~/server/runtime/logger.server";

/**
 * One Shopify GraphQL endpoint (Storefront or Admin) behind `@shopify/graphql-client`, with what the
 * client leaves to us: a timeout per call, bounded retries with backoff on 429, 5xx, Shopify's
 * THROTTLED error and failed connections, and a zod check of the `data` we rely on
 * (docs/decisions/020-shopify-client.md).
 */

export type ShopifyFailure =
  /** Shopify could not be reached in time, or kept answering 429/5xx/THROTTLED. */
  | "unavailable"
  /** Shopify refused our credentials (401/403). */
  | "unauthorized"
  /** Shopify answered, but not with what the app expects (malformed JSON, another shape, GraphQL errors). */
  | "bad_response";

/**
 * What a person is told of each failure (details go to the log, not the visitor): the store refusing
 * this site's credentials is the store rejecting the call; the rest is the store being unavailable.
 */
const PUBLIC_MESSAGES: Record<ShopifyFailure, string> = {
  unavailable: "The store could not be reached. Please try again in a moment.",
  unauthorized: "The store refused this site's credentials. Please try again later.",
  bad_response: "The store answered in a way this site did not understand. Please try again later.",
};

/** Thrown by the catalog: a provider error (docs/decisions/073-domain-errors-mapped-once.md). */
export class ShopifyError extends ProviderError {
  constructor(
    readonly failure: ShopifyFailure,
    message: string,
    readonly details: { status?: number; attempts?: number; codes?: string[] } = {},
  ) {
    super(failure === "unauthorized" ? "provider_rejected" : "provider_unavailable", "shopify", message, {
      publicMessage: PUBLIC_MESSAGES[failure],
    });
    this.name = "ShopifyError";
  }
}

export type ShopifyGraphQLOptions = {
  /** Full endpoint URL, e.g. https://shop.myshopify.com/api/2026-10/graphql.json */
  url: string;
  headers: Record<string, string>;
  /** Per call; default 5 s. */
  timeoutMs?: number;
  /** Retries after the first attempt; default 2. */
  maxRetries?: number;
  /** First backoff; doubles each retry (with jitter), capped at maxBackoffMs. Default 250 ms. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Which API, for logs. */
  api: "storefront" | "admin";
  logger: Logger;
  fetch?: typeof fetch;
};

export type ShopifyGraphQL = {
  /** Sends `document`, retries what is worth retrying, and returns `data` checked against `schema`. */
  request<S extends z.ZodType>(
    document: string,
    options: { variables?: Record<string, unknown>; schema: S; headers?: Record<string, string> },
  ): Promise<z.output<S>>;
};

type GraphQLErrorEntry = { message?: string; extensions?: { code?: string } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createShopifyGraphQL(options: ShopifyGraphQLOptions): ShopifyGraphQL {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxRetries = options.maxRetries ?? 2;
  const baseBackoffMs = options.baseBackoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 2_000;
  const client = createGraphQLClient({
    url: options.url,
    headers: { "Content-Type": "application/json", Accept: "application/json", ...options.headers },
    // The client's own retries wait a fixed second and only on 429/503: ours replace them.
    retries: 0,
    customFetchApi: options.fetch ?? fetch,
  });

  async function attempt(
    document: string,
    variables: Record<string, unknown> | undefined,
    headers: Record<string, string> | undefined,
  ): Promise<{ data: unknown } | { retry: ShopifyError; waitMs?: number } | { fail: ShopifyError }> {
    const signal = AbortSignal.timeout(timeoutMs);
    const result = await client.request(document, { variables, headers, signal });
    const errors = result.errors;
    if (!errors) return { data: result.data };

    const status = errors.networkStatusCode;
    const graphQLErrors = (errors.graphQLErrors ?? []) as GraphQLErrorEntry[];
    const codes = graphQLErrors.map((e) => e.extensions?.code).filter((c): c is string => Boolean(c));
    if (status === undefined) {
      if (signal.aborted) {
        // A timed-out call has already cost its whole budget: not retried.
        return { fail: new ShopifyError("unavailable", `Shopify did not answer within ${timeoutMs} ms.`) };
      }
      return { retry: new ShopifyError("unavailable", `Could not reach Shopify: ${errors.message}`) };
    }
    if (status === 429 || status >= 500) {
      const retryAfter = Number(errors.response?.headers.get("retry-after"));
      return {
        retry: new ShopifyError("unavailable", `Shopify answered HTTP ${status}.`, { status }),
        waitMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
      };
    }
    if (status === 401 || status === 403) {
      return {
        fail: new ShopifyError("unauthorized", `Shopify refused the access token (HTTP ${status}).`, {
          status,
        }),
      };
    }
    if (codes.includes("THROTTLED")) {
      return { retry: new ShopifyError("unavailable", "Shopify throttled the request.", { status, codes }) };
    }
    if (signal.aborted) {
      return { fail: new ShopifyError("unavailable", `Shopify did not answer within ${timeoutMs} ms.`) };
    }
    if (graphQLErrors.length > 0) {
      if (codes.includes("ACCESS_DENIED") || codes.includes("UNAUTHORIZED")) {
        return {
          fail: new ShopifyError("unauthorized", "Shopify denied access to this data.", { status, codes }),
        };
      }
      const message = graphQLErrors.map((e) => e.message ?? "").join("; ");
      return {
        fail: new ShopifyError("bad_response", `Shopify rejected the query: ${message}`, { status, codes }),
      };
    }
    return {
      fail: new ShopifyError("bad_response", `Unexpected answer from Shopify: ${errors.message}`, { status }),
    };
  }

  return {
    async request(document, { variables, schema, headers }) {
      for (let attemptNumber = 1; ; attemptNumber++) {
        const outcome = await attempt(document, variables, headers);
        if ("fail" in outcome) throw withAttempts(outcome.fail, attemptNumber);
        if ("retry" in outcome) {
          if (attemptNumber > maxRetries) throw withAttempts(outcome.retry, attemptNumber);
          const backoff = Math.min(maxBackoffMs, baseBackoffMs * 2 ** (attemptNumber - 1));
          const waitMs = Math.min(maxBackoffMs, outcome.waitMs ?? backoff) + Math.random() * 100;
          options.logger.warn(
            {
              api: options.api,
              attempt: attemptNumber,
              waitMs: Math.round(waitMs),
              reason: outcome.retry.message,
            },
            "shopify call failed: retrying",
          );
          await sleep(waitMs);
          continue;
        }
        const parsed = schema.safeParse(outcome.data);
        if (!parsed.success) {
          throw new ShopifyError("bad_response", "Shopify's answer did not have the expected shape.", {
            attempts: attemptNumber,
          });
        }
        return parsed.data;
      }
    },
  };
}

function withAttempts(error: ShopifyError, attempts: number): ShopifyError {
  return new ShopifyError(error.failure, error.message, { ...error.details, attempts });
}
