/**
 * Validation in words a person understands: a zod failure becomes one sentence per problem
 * (`"handle" is required`, `"price" must be a number`, `Unknown field "colour"`), answered 400.
 */
import type { z } from "zod";
import { ApiError } from "./failures.server";

const typeWords: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  bigint: "a number",
  int: "a whole number",
};

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function label(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "The request body";
  return `"${path.map((key) => (typeof key === "number" ? `[${key}]` : String(key))).join(".")}"`.replace(
    /\.\[/g,
    "[",
  );
}

/**
 * One sentence per problem, in words a person understands: `"handle" is required`,
 * `"price" must be a number`, `Unknown field "colour"`. Schemas give their own messages for rules
 * (`z.string().regex(re, { message: "must be …" })`): those read as `"<field>" must be …`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown): string {
  const sentences = issues.slice(0, 3).map((issue) => {
    const path = issue.path;
    if (issue.code === "unrecognized_keys") {
      const where = path.length ? ` in ${label(path)}` : "";
      const keys = issue.keys.map((key) => `"${key}"`).join(", ");
      return `Unknown field${issue.keys.length > 1 ? "s" : ""} ${keys}${where}`;
    }
    // A missing field is "required", whatever rule it would have broken.
    if (path.length > 0 && valueAt(data, path) === undefined) return `${label(path)} is required`;
    if (issue.code === "invalid_type") {
      const expected = typeWords[issue.expected] ?? issue.expected;
      if (path.length === 0)
        return `The request body must be ${expected === "an object" ? "a JSON object" : expected}`;
      return `${label(path)} must be ${expected}`;
    }
    // Custom messages are written as a predicate ("must be …"); zod's own are full sentences.
    const message = issue.message.startsWith("Invalid input") ? "is not valid" : issue.message;
    return `${label(path)} ${message}`;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
  return `${sentences.join("; ")}${more}.`;
}

/** Validates `data` against `schema`; a failure throws a 400 ApiError with a readable message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ApiError(400, describeIssues(result.error.issues, data));
}
