/** Every string a value holds, however deep (content modules' exports; functions and cycles skipped). */
export function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function" || value === null || typeof value !== "object" || seen.has(value))
    return [];
  seen.add(value);
  return Object.values(value).flatMap((inner) => strings(inner, seen));
}
