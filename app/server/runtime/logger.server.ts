import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Structured JSON logs on stdout; secrets and personal data are redacted by path. Writes are
 * asynchronous (SonicBoom) so a request never waits on stdout; call `flushLogs` before exiting.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: "forge-storefront" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.email", "*.token", "*.secret"],
        censor: "[redacted]",
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}

/** Writes out whatever is still buffered (before process.exit). */
export function flushLogs(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
