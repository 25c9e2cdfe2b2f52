import { z } from "zod";

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

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:3000")
    .transform((value) => value.replace(/\/+$/, "")),
  DATABASE_URL: databaseUrl,
  /** Where PGlite keeps its data when DATABASE_URL is unset; `memory://` keeps it in memory. */
  PGLITE_DIR: z.string().trim().min(1).default(".data/pglite"),
  /** How many reverse proxies in front of the server are trusted to report the client's address. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** How long SIGTERM waits for requests in flight before closing their connections. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid environment: ${issues.map((issue) => `${issue.variable} ${issue.message}`).join("; ")}`);
    this.name = "InvalidEnvironmentError";
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new InvalidEnvironmentError(
    result.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? "(environment)"),
      message: issue.message,
    })),
  );
}
