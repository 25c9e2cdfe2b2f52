/**
 * Calls the site's server functions (spec §7): `POST /api/<name>` with JSON in and out.
 * A reply that is not JSON, or no reply at all, becomes a thrown FunctionCallError.
 */
export class FunctionCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "FunctionCallError";
  }
}

export type FunctionName =
  | "hybrid-checkout"
  | "shopify-get-product"
  | "shopify-create-product"
  | "verify-and-send-confirmation"
  | "newsletter-subscribe";

export async function callFunction<T extends object>(
  name: FunctionName,
  body: unknown,
  options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<{ status: number; data: T }> {
  let response: Response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...options.headers },
      body: JSON.stringify(body),
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    throw new FunctionCallError(error instanceof Error ? error.message : "Network error", null);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new FunctionCallError(`Unexpected reply (HTTP ${response.status})`, response.status);
  }
  if (!data || typeof data !== "object") throw new FunctionCallError("Unexpected reply", response.status);
  return { status: response.status, data: data as T };
}
