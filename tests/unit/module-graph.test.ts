import { describe, expect, it } from "vitest";
import { importsOf, sourceFiles } from "./import-graph";

/**
 * The process holds one copy of each app module (decision 070): server.ts takes the services, the
 * environment and the logger from the server build the routes run in, so nothing outside app/ that
 * server.ts loads may import app/server at run time (a second copy of its classes and state).
 */
describe("one module graph", () => {
  const nodeEntry = [...sourceFiles("server.ts"), ...sourceFiles("server")];

  it("the Node entry and its Express plumbing import app/server for types only", () => {
    const runTimeImports = nodeEntry
      .flatMap(importsOf)
      .filter((edge) => edge.to.startsWith("app/server/") && !edge.typeOnly)
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(runTimeImports).toEqual([]);
  });

  it("the graph reader tells a run-time import from a type-only one", () => {
    const edges = importsOf("server.ts").filter((edge) => edge.to.startsWith("app/server/"));
    expect(edges.length).toBeGreaterThan(0);
    expect(edges.every((edge) => edge.typeOnly)).toBe(true);
    // The build's entry re-exports the runtime as a value: a run-time edge.
    expect(importsOf("app/entry.server.tsx")).toContainEqual({
      from: "app/entry.server.tsx",
      to: "app/server/runtime.server.ts",
      typeOnly: false,
    });
  });
});
