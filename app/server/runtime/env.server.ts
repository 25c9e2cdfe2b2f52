import { z } from "zod";
import { storeIdentity, testLab } from "~/content/site";
import {
  identityFields,
  identitySettings,
  isPlaceholder,
  type StoreIdentity,
} from "~/content/store-identity";
import { normalizeEmailAddress } from "~/contracts/email-address";
import { parseHealthDataKeys } from "~/server/health-data/cipher.server";
import { parseLabIntegrations } from "~/server/lab/lab-auth.server";

/**
 * The server's environment, checked once at start. An invalid value stops the server with a message
 * that names the variable (fail fast, as the Epic Stack does). Secrets are only ever read here and in
 * other `*.server.ts` modules.
 */

const databaseUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional()
  .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: "must be a postgres:// or postgresql:// URL",
  });

const optional = <T extends z.ZodType<string | undefined>>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );

const variantId = optional(
  z.string().regex(/^gid:\/\/shopify\/ProductVariant\/(\d+|YOUR_[A-Z0-9_]*)$/, {
    message: "must be a gid://shopify/ProductVariant/<digits> id (or a YOUR_ placeholder)",
  }),
);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Unset: this server on the port it listens on (defaultPublicSiteUrl), filled in below. */
    PUBLIC_SITE_URL: optional(
      z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, "")),
    ),
    DATABASE_URL: databaseUrl,
    /** Where PGlite keeps its data when DATABASE_URL is unset; `memory://` keeps it in memory. */
    PGLITE_DIR: z.string().trim().min(1).default(".data/pglite"),
    /**
     * Tests only: a tarball of a migrated PGlite data folder (tests/support/pglite-template.ts) that a
     * new embedded database starts from instead of running initdb (decision 139).
     */
    PGLITE_TEMPLATE: optional(z.string().trim().min(1)),
    /** How many reverse proxies in front of the server are trusted to report the client's address. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** How long SIGTERM waits for requests in flight before closing their connections. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),

    // --- Shopify (unset store domain: the local Shopify emulator) ---
    SHOPIFY_STORE_DOMAIN: optional(
      z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, {
        message: "must look like your-store.myshopify.com",
      }),
    ),
    /** Storefront API private access token: server only. */
    SHOPIFY_STOREFRONT_TOKEN: optional(z.string().min(10)),
    /** Admin API access token (write_products, write_publications): server only. */
    SHOPIFY_ADMIN_TOKEN: optional(z.string().min(10)),
    SHOPIFY_PUBLICATION_ID: optional(
      z.string().regex(/^gid:\/\/shopify\/Publication\/\d+$/, {
        message: "must be a gid://shopify/Publication/<digits> id",
      }),
    ),
    SHOPIFY_API_VERSION: z
      .string()
      .regex(/^\d{4}-(01|04|07|10)$/, { message: "must be a version like 2026-10" })
      .default("2026-10"),
    /**
     * Where the Shopify APIs are reached: default https://<SHOPIFY_STORE_DOMAIN>. Without a store domain
     * it is a Shopify emulator (the sandbox sets it, or one started elsewhere).
     */
    SHOPIFY_API_URL: optional(
      z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, "")),
    ),
    /** Each Shopify call's timeout; retries on 429, 5xx and THROTTLED come on top. */
    SHOPIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** Product cache (shopify-get-product): fresh for TTL, then served stale while revalidating. */
    PRODUCT_CACHE_TTL_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
    PRODUCT_CACHE_SWR_SECONDS: z.coerce.number().min(0).max(86_400).default(600),
    /** How long the last good product is served while Shopify fails. */
    PRODUCT_CACHE_MAX_STALE_SECONDS: z.coerce.number().min(0).max(604_800).default(86_400),
    /**
     * How long what Shopify said of a variant (price, title, for sale) serves checkouts; 0 asks Shopify
     * for every checkout (docs/decisions/033-checkout-variant-cache.md).
     */
    CHECKOUT_VARIANT_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    /** How long a cached copy of a page that is the same for everyone (the Enhancer's) is fresh; 0 turns the cache off. */
    PAGE_CACHE_FRESH_SECONDS: z.coerce.number().min(0).max(3_600).default(10),
    /**
     * A Redis (redis:// or rediss://) for the rate-limit counters, shared by every instance; unset,
     * they live in PostgreSQL (DATABASE_URL) or, without one, in this process's memory.
     */
    RATE_LIMIT_REDIS_URL: optional(
      z.url({ protocol: /^rediss?$/, message: "must be a redis:// or rediss:// URL" }),
    ),
    /** Scales every per-IP rate limit (app/server/http/rate-limits.server.ts). */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(10_000).default(1),
    /** Bearer token that guards shopify-create-product (unless the Shopify emulator is in use). */
    ADMIN_API_TOKEN: optional(z.string().min(24, { message: "must be at least 24 characters" })),

    // --- Catalog: the variant id of each purchasable item ---
    CATALOG_ENHANCER_VARIANT_ID: variantId,
    CATALOG_TEST_KIT_VARIANT_ID: variantId,
    CATALOG_BUNDLE_3_MONTH_VARIANT_ID: variantId,
    CATALOG_KIT_BUNDLE_VARIANT_ID: variantId,

    // --- Stripe (unset secret key: the local Stripe emulator) ---
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(test|live)_\w+$/, {
        message: "must be a Stripe secret key (sk_test_… or sk_live_…)",
      }),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_\w+$/, { message: "must be a Stripe webhook secret (whsec_…)" }),
    ),
    /** Another Stripe-compatible API (an emulator started elsewhere, stripe-mock): http(s)://host:port. */
    STRIPE_API_URL: optional(z.url({ protocol: /^https?$/ })),
    /** Where Stripe Checkout ships to: ISO 3166-1 alpha-2 codes, comma-separated. */
    SHIPPING_COUNTRIES: z
      .string()
      .default("US")
      .transform((value) => value.split(",").map((code) => code.trim().toUpperCase()))
      .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, { message: "must be two-letter country codes" })).min(1)),
    /** "true": Stripe Tax computes sales tax on the hosted page (turn it on in Stripe's dashboard first). */
    STRIPE_AUTOMATIC_TAX: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),

    // --- Back office and signed links ---
    /**
     * Who may sign in at /admin: e-mail addresses, comma-separated (unset: no one; in the whole sandbox,
     * its operator address, app/server/admin/sandbox-operator.server.ts).
     */
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((address) => address.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: "must be e-mail addresses, comma-separated" }))),
    /**
     * Signs the order pages' links (and anything else the site signs). Unset outside live mode: a random
     * secret the site makes once and keeps in its database (table site_secrets).
     */
    SITE_SECRET: optional(z.string().min(32, { message: "must be at least 32 characters" })),
    /**
     * The keys health data (quiz answers, dates of birth, test results) is sealed with at rest:
     * `id:base64key,…`, 32-byte keys, the first seals (decision 100). Unset outside live mode: the
     * sandbox's own key, kept in its database.
     */
    HEALTH_DATA_KEYS: optional(
      z.string().superRefine((value, context) => {
        try {
          parseHealthDataKeys(value);
        } catch (error) {
          context.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
    ),
    /**
     * The labs that may deliver kit results (decision 113): `id:secret,…`, each secret 32 characters or
     * more, with which the lab signs its deliveries to /api/lab/fhir. Unset outside live mode: the
     * sandbox's lab emulator, with a secret the site makes once and keeps in its database.
     */
    LAB_INTEGRATIONS: optional(
      z.string().superRefine((value, context) => {
        try {
          parseLabIntegrations(value);
        } catch (error) {
          context.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
    ),
    /** How often the job looks for results to delete 12 months after they arrived (and to warn of, 30 days before). */
    KIT_RESULT_RETENTION_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
    /**
     * The Shopify sync (decision 076): how long a worker's claim on an order lasts (another takes it over
     * after this if the worker died), and the longest wait between retries while Shopify is down.
     */
    SHOPIFY_SYNC_LEASE_SECONDS: z.coerce.number().int().min(5).max(3_600).default(120),
    SHOPIFY_SYNC_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** How long an order page's link works. */
    ORDER_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(3_650).default(180),
    /**
     * Review invitations (decision 083): how many days after an order ships (or, never in Shopify, after
     * payment) its invitation is sent (0: as soon as it ships), and how often the job looks for due ones.
     */
    REVIEW_INVITE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    REVIEW_INVITE_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** How often a subscriber's change left pending (Stripe did not answer) is looked for (decision 157). */
    SUBSCRIPTION_CHANGE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),

    // --- E-mail (unset SMTP URL: the local mail emulator) ---
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, { message: "must be an smtp:// or smtps:// URL" })),
    MAIL_FROM: z.string().trim().min(3).default("Forge <orders@sandbox.forge.test>"),

    // --- Who sells: read at build (vite.config.ts); here only to check the build was made with them ---
    COMPANY_LEGAL_NAME: optional(z.string().trim()),
    COMPANY_ADDRESS: optional(z.string().trim()),
    COMPANY_GOVERNING_STATE: optional(z.string().trim()),
    SUPPORT_EMAIL: optional(z.string().trim()),
    SANDBOX_TEST_HOOKS: optional(z.enum(["0", "1"])), // tests only: "1" mounts the emulators' test hooks (sandbox/test-hooks.ts)
  })
  .superRefine((env, ctx) => {
    const require = (variable: keyof typeof env, when: string) =>
      ctx.addIssue({ code: "custom", path: [variable], message: `is required when ${when}` });
    if (env.SHOPIFY_STORE_DOMAIN && !env.SHOPIFY_STOREFRONT_TOKEN)
      require("SHOPIFY_STOREFRONT_TOKEN", "SHOPIFY_STORE_DOMAIN is set");
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      require("STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY is set");
    if (env.STRIPE_API_URL && !env.STRIPE_SECRET_KEY) require("STRIPE_SECRET_KEY", "STRIPE_API_URL is set");
    // No real money next to an emulated system (docs/decisions/061-real-money-and-hostile-edges.md).
    if (isLiveStripeKey(env.STRIPE_SECRET_KEY)) {
      // Real orders must not be confirmed into the local mail emulator…
      if (!env.SMTP_URL) require("SMTP_URL", "STRIPE_SECRET_KEY is a live key");
      if (!env.SITE_SECRET) require("SITE_SECRET", "STRIPE_SECRET_KEY is a live key");
      if (!env.HEALTH_DATA_KEYS) require("HEALTH_DATA_KEYS", "STRIPE_SECRET_KEY is a live key");
      // Real people's results come from a real lab, never the sandbox's emulator.
      if (!env.LAB_INTEGRATIONS) require("LAB_INTEGRATIONS", "STRIPE_SECRET_KEY is a live key");
      // Shoppers reply to the sender: never the sandbox's made-up one.
      if (isPlaceholder(env.MAIL_FROM))
        ctx.addIssue({
          code: "custom",
          path: ["MAIL_FROM"],
          message:
            "must be your own sender address when STRIPE_SECRET_KEY is a live key (it is a placeholder)",
        });
      // …nor sell what an emulated store says (its products, its prices): without a store domain the
      // catalog is the local emulator, or, with SHOPIFY_API_URL, one started elsewhere.
      if (!env.SHOPIFY_STORE_DOMAIN)
        require("SHOPIFY_STORE_DOMAIN", env.SHOPIFY_API_URL
          ? "STRIPE_SECRET_KEY is a live key (SHOPIFY_API_URL without a store domain is an emulator, not a store)"
          : "STRIPE_SECRET_KEY is a live key (without it the store is the local Shopify emulator)");
      // A live key is only ever sent to Stripe itself, never to an emulator or another host.
      if (env.STRIPE_API_URL)
        ctx.addIssue({
          code: "custom",
          path: ["STRIPE_API_URL"],
          message: "must be unset when STRIPE_SECRET_KEY is a live key (a live key is sent to Stripe only)",
        });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_SITE_URL: env.PUBLIC_SITE_URL ?? defaultPublicSiteUrl(env.HOST, env.PORT),
  }));

/**
 * The company the pages show is the build's (app/content/store-identity.ts). A setting given at start
 * must be the value the build was made with (the pages would say otherwise), and a live key refuses the
 * sandbox's fictional identity, naming each setting to give (decision 094).
 */
export function identityIssues(
  env: Partial<Record<(typeof identitySettings)[keyof typeof identitySettings], string>>,
  built: StoreIdentity,
  live: boolean,
): { variable: string; message: string }[] {
  const issues: { variable: string; message: string }[] = [];
  for (const field of identityFields) {
    const variable = identitySettings[field];
    const atStart = env[variable];
    if (atStart === undefined) {
      if (live && built.fictional)
        issues.push({
          variable,
          message:
            "is required when STRIPE_SECRET_KEY is a live key (this build shows the sandbox's fictional company: set it, then npm run build)",
        });
    } else if (built.fictional) {
      issues.push({
        variable,
        message:
          "is set, but this build was made without it and shows the sandbox's fictional company: run npm run build with it set",
      });
    } else if ((field === "supportEmail" ? normalizeEmailAddress(atStart) : atStart) !== built[field]) {
      issues.push({
        variable,
        message: `differs from the value this build was made with ("${built[field]}"), which the pages show: run npm run build with the new value`,
      });
    }
  }
  return issues;
}

/**
 * LAB_NAME is read at build (the kit pages carry it): set at start, it must be the name this build
 * shows, or the pages would name another lab than the one configured.
 */
export function labNameIssues(
  atStart: string | undefined,
  built: { name: string; fictional: boolean },
): { variable: string; message: string }[] {
  if (atStart === undefined || (!built.fictional && atStart === built.name)) return [];
  return [
    {
      variable: "LAB_NAME",
      message: built.fictional
        ? "is set, but this build was made without it and names the sandbox's fictional lab: run npm run build with it set"
        : `differs from the value this build was made with ("${built.name}"), which the pages show: run npm run build with the new value`,
    },
  ];
}

/** A key that moves real money: live mode, secret or restricted. */
export function isLiveStripeKey(key: string | undefined): boolean {
  return key !== undefined && /^(sk|rk)_live_/.test(key);
}

/**
 * The public origin when PUBLIC_SITE_URL is unset: this server, on the port it listens on, as a
 * browser on the same machine reaches it (`localhost` for a loopback or wildcard HOST). With PORT=0
 * server.ts calls it again with the port it was given.
 */
export function defaultPublicSiteUrl(host: string, port: number): string {
  const local =
    host === "0.0.0.0" || host === "::" || host === "::1" || host === "localhost" || /^127\./.test(host);
  const name = local ? "localhost" : host.includes(":") ? `[${host}]` : host;
  try {
    return new URL(`http://${name}:${port}`).origin;
  } catch {
    // A HOST no URL can carry (the listen itself fails on it): the origin stays well-formed.
    return `http://localhost:${port}`;
  }
}

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid environment: ${issues.map((issue) => `${issue.variable} ${issue.message}`).join("; ")}`);
    this.name = "InvalidEnvironmentError";
  }
}

export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  /** The company this build shows (decision 094); a test gives the one it means. */
  built: StoreIdentity = storeIdentity,
): Env {
  const result = envSchema.safeParse(source);
  const given = (name: string) => {
    const value = source[name]?.trim();
    return value ? value : undefined;
  };
  const identity = identityIssues(
    Object.fromEntries(Object.values(identitySettings).map((name) => [name, given(name)])),
    built,
    isLiveStripeKey(given("STRIPE_SECRET_KEY")),
  );
  const issues = [
    ...identity,
    ...labNameIssues(given("LAB_NAME"), testLab),
    ...(result.success
      ? []
      : result.error.issues.map((issue) => ({
          variable: String(issue.path[0] ?? "(environment)"),
          message: issue.message,
        }))),
  ];
  if (issues.length === 0 && result.success) return result.data;
  throw new InvalidEnvironmentError(issues);
}
