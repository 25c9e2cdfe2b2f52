/**
 * The few ways an operation of this site fails, as the adapters and services throw them
 * (docs/decisions/073-domain-errors-mapped-once.md). They say what went wrong in the domain's terms and
 * carry the sentence a person may read; they know nothing of HTTP. The API wrapper
 * (`app/server/http/api.server.ts`) is the one place that turns them into statuses and replies.
 *
 * - provider unavailable: an outside system (or this site's database) could not be reached in time, or
 *   answered in a way this site cannot use;
 * - provider rejected: an outside system refused this site's call (credentials, a request it refuses);
 * - request rejected: the caller's input is the problem (it names what to change);
 * - not found: what the request names does not exist, as far as this site is concerned;
 * - conflict: it exists, but its state does not allow the request (unpaid, expired, not matching).
 */

export type DomainErrorCategory =
  | "provider_unavailable"
  | "provider_rejected"
  | "request_rejected"
  | "not_found"
  | "conflict";

/** The systems this site depends on. */
export type Provider = "shopify" | "stripe" | "mail" | "database";

/** Why a conflicting request cannot go on (each answered with its own status). */
export type ConflictState = "unpaid" | "expired" | "mismatch";

export type DomainErrorOptions = {
  /** What the person who asked is told; by default the error's message. */
  publicMessage?: string;
  /** Fields the failure reply carries besides `success` and `error` (e.g. the order it is about). */
  reply?: Readonly<Record<string, unknown>>;
  cause?: unknown;
};

export class DomainError extends Error {
  /** What the person who asked is told (the message may hold details meant for the log). */
  readonly publicMessage: string;
  readonly reply: Readonly<Record<string, unknown>>;

  constructor(
    readonly category: DomainErrorCategory,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DomainError";
    this.publicMessage = options.publicMessage ?? message;
    this.reply = options.reply ?? {};
  }
}

/**
 * An outside system failed or refused this site's call. The message is for the log; `publicMessage`
 * (required) is what a person reads.
 */
export class ProviderError extends DomainError {
  constructor(
    category: "provider_unavailable" | "provider_rejected",
    readonly provider: Provider,
    message: string,
    options: DomainErrorOptions & { publicMessage: string },
  ) {
    super(category, message, options);
    this.name = "ProviderError";
  }
}

/** The caller's input is the problem: the message says what to change. */
export class RequestRejectedError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super("request_rejected", message, options);
    this.name = "RequestRejectedError";
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, options?: DomainErrorOptions) {
    super("not_found", message, options);
    this.name = "NotFoundError";
  }
}

export class ConflictError extends DomainError {
  constructor(
    readonly state: ConflictState,
    message: string,
    options?: DomainErrorOptions,
  ) {
    super("conflict", message, options);
    this.name = "ConflictError";
  }
}
