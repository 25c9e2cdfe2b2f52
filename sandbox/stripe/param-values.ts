import { invalid } from "./errors";

/**
 * Stripe's form-encoded values, read as Stripe reads them: bracketed keys arrive (Express's extended
 * parser) as nested objects and arrays of strings; every value is a string, so numbers, arrays,
 * URLs, currencies and metadata are read and checked here, each failure Stripe's 400 naming the
 * parameter. Shared by the Checkout parameters (parameters.ts) and the subscription ones.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Form-encoded arrays arrive as arrays, or as objects keyed by index when sparse. */
export function asArray(value: unknown, param: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key)))
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  throw invalid(`Invalid array`, param);
}

export function integer(value: unknown, param: string, min: number, max: number): number {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^-?\d+$/.test(text))
    throw invalid(`Invalid integer: ${String(value)}`, param);
  const number = Number(text);
  if (number < min) throw invalid(`This value must be greater than or equal to ${min}.`, param);
  if (number > max) throw invalid(`This value must be less than or equal to ${max}.`, param);
  return number;
}

export function string(
  value: unknown,
  param: string,
  options: { required?: boolean; max?: number } = {},
): string | null {
  if (value === undefined || value === "") {
    if (options.required) throw invalid(`Missing required param: ${param}.`, param, "parameter_missing");
    return null;
  }
  if (typeof value !== "string") throw invalid(`Invalid string: ${JSON.stringify(value)}`, param);
  if (options.max && value.length > options.max)
    throw invalid(`This value must be ${options.max} characters or fewer.`, param);
  return value;
}

export function requiredString(value: unknown, param: string, max?: number): string {
  return string(value, param, { required: true, max }) as string;
}

export function url(value: unknown, param: string, required: boolean): string | null {
  const text = string(value, param, { required, max: 5000 });
  if (text === null) return null;
  try {
    const parsed = new URL(text.replace("{CHECKOUT_SESSION_ID}", "placeholder"));
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
  } catch {
    throw invalid("Not a valid URL", param, "url_invalid");
  }
  return text;
}

export function metadata(value: unknown, param: string): Record<string, string> {
  if (value === undefined || value === "") return {};
  if (!isRecord(value)) throw invalid("Invalid hash", param);
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw invalid("Invalid metadata value", `${param}[${key}]`);
    if (key.length > 40) throw invalid("Metadata keys can be at most 40 characters", `${param}[${key}]`);
    if (entry.length > 500)
      throw invalid("Metadata values can be at most 500 characters", `${param}[${key}]`);
    out[key] = entry;
  }
  return out;
}

export function currency(value: unknown, param: string): string {
  const text = string(value, param, { required: true });
  if (!text || !/^[a-zA-Z]{3}$/.test(text)) throw invalid(`Invalid currency: ${String(value)}`, param);
  return text.toLowerCase();
}

/** `expand[]`: the paths to expand, whatever else came with them ignored (as Stripe does). */
export function expandList(value: unknown): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  return list.filter((entry): entry is string => typeof entry === "string");
}

/** `limit` of a list: 10 unless given, 1 to 100. */
export function listLimit(value: unknown): number {
  return value === undefined ? 10 : integer(value, "limit", 1, 100);
}
