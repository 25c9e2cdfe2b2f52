import pino, { type Logger } from "pino";

export type { Logger };

/** Structured JSON logs on stdout; secrets and personal data are redacted by path. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "forge-storefront" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.email", "*.token", "*.secret"],
      censor: "[redacted]",
    },
  });
}
