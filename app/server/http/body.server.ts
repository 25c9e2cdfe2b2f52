/**
 * Reading a request body within bounds, for every wrapper in this folder: the Content-Type decides JSON
 * or a urlencoded form (415 otherwise, from the header alone), the size is checked while reading
 * whatever Content-Length claims (413), and a refused body is drained within DRAIN_MAX_BYTES and
 * DRAIN_MAX_MS so the client receives the answer rather than a reset (decision 050).
 */
import { DRAIN_MAX_BYTES, DRAIN_MAX_MS } from "./body-limits";
import { ApiError } from "./failures.server";

/** The largest request body any function accepts. */
export const MAX_BODY_BYTES = 16 * 1024;

export type ReadBody = { via: "json"; data: unknown } | { via: "form"; fields: URLSearchParams };

export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/**
 * The request body, or null when it is longer than `maxBytes` (declared or as it arrives). A body
 * found too long is still read to its end and dropped, up to DRAIN_MAX_BYTES and DRAIN_MAX_MS,
 * before the caller answers 413: answered earlier, a client that asked to close the connection
 * would be reset while still sending, and lose the answer. Past those bounds the answer goes out at
 * once (and the connection is cut). Never cancelled: that destroys the connection before the 413.
 */
export async function readBytesUpTo(request: Request, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > Math.max(maxBytes, DRAIN_MAX_BYTES)) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(reader, size);
      return null;
    }
    chunks.push(value);
  }
}

/** Reads and drops the rest of a refused body, within DRAIN_MAX_BYTES and DRAIN_MAX_MS. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, size: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DRAIN_MAX_MS);
  });
  try {
    for (let read = size; read <= DRAIN_MAX_BYTES; ) {
      const next = await Promise.race([reader.read(), timeUp]);
      if (!next || next.done) return;
      read += next.value.byteLength;
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/**
 * Reads and drops a body the answer did not need (refused from its headers: Origin, Content-Type,
 * rate limit, token), within the drain bounds, before the refusal is sent. Answered while the body is
 * still arriving, a client that asked to close the connection is reset as soon as the answer is
 * written and loses it (Node destroys a last connection with unread input); on a busy machine that is
 * most such clients. A body declared past DRAIN_MAX_BYTES is not waited for. Never throws: a client
 * that went away has nothing left to answer.
 */
export async function dropUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > DRAIN_MAX_BYTES) return;
  await drain(request.body.getReader(), 0).catch(() => {});
}

/**
 * The body's kind from its Content-Type: JSON, or a urlencoded form where `acceptForm`; anything else
 * is refused (415) from the header alone, before the body is read.
 */
export function checkContentType(request: Request, acceptForm: boolean): "json" | "form" {
  const type = mediaType(request);
  if (type === "application/json") return "json";
  if (acceptForm && type === "application/x-www-form-urlencoded") return "form";
  throw new ApiError(
    415,
    acceptForm
      ? "Send the request as JSON (Content-Type: application/json) or as a form."
      : "Send the request as JSON (Content-Type: application/json).",
  );
}

/**
 * Reads the body as JSON (or, when `acceptForm`, as a urlencoded form), refusing other content types
 * (415), bodies over `maxBytes` (413, checked while reading, whatever Content-Length claims) and
 * malformed JSON (400).
 */
export async function readBody(
  request: Request,
  options: { acceptForm?: boolean; maxBytes?: number } = {},
): Promise<ReadBody> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const isForm = checkContentType(request, options.acceptForm === true) === "form";
  const bytes = await readBytesUpTo(request, maxBytes);
  if (bytes === null)
    throw new ApiError(413, `The request is too large: the limit is ${maxBytes / 1024} KB.`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, "The request body is not valid UTF-8 text.");
  }
  if (isForm) return { via: "form", fields: new URLSearchParams(text) };
  if (text.trim() === "") throw new ApiError(400, "The request body is empty: send a JSON object.");
  try {
    return { via: "json", data: JSON.parse(text) as unknown };
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
}
