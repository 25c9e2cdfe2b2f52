import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { queryServer, startShop, useShop } from "../support/shop";

/**
 * The tests' way into a running server's embedded database (decision 144): `shop.store.query` on a
 * PGlite store goes through the server's own PGlite over the IPC channel the test opened, so the server
 * need not stop for a test to read what it stored. The channel is the tests' own: the build has none.
 */
describe("a test's queries to a running server's PGlite", () => {
  const shop = useShop({ store: "pglite" });

  it("reads and writes while the server runs, and sees what the server stored", async () => {
    const before = shop.server.process.pid;
    const response = await fetch(`${shop.server.url}/api/newsletter-subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin },
      body: JSON.stringify({ email: "channel.reader@example.com" }),
    });
    expect(response.status).toBe(200);
    const rows = await shop.store.query<{ email: string }>(
      "select email from newsletter_subscribers where email = $1",
      ["channel.reader@example.com"],
    );
    expect(rows).toEqual([{ email: "channel.reader@example.com" }]);
    // A value the server's PGlite parses (a timestamp) arrives as it would in the server: a Date.
    const [{ now }] = (await shop.store.query<{ now: Date }>("select now() as now")) as [{ now: Date }];
    expect(now).toBeInstanceOf(Date);
    expect(shop.server.process.pid).toBe(before);
  });

  it("answers a failed query with the database's error and the statement", async () => {
    await expect(shop.store.query("select * from no_such_table")).rejects.toThrow(
      /relation "no_such_table" does not exist[\s\S]*select \* from no_such_table/,
    );
  });

  it("does not keep a stopping server alive, and says so when the server is gone", async () => {
    const server = await startShop({ PGLITE_DIR: "memory://" });
    expect(await queryServer<{ one: number }>(server, "select 1 as one")).toEqual([{ one: 1 }]);
    expect(await server.stop("SIGTERM", { killAfterMs: 60_000 })).toBe(0);
    await expect(queryServer(server, "select 1")).rejects.toThrow(/the server exited before answering/);
  });

  it("is not in the build: the production server answers no SQL message", () => {
    const build = path.resolve("build");
    const files = readdirSync(build, { recursive: true })
      .map(String)
      .filter((file) => /\.(m?js)$/.test(file));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(path.join(build, file), "utf8")).not.toContain("forge:sql");
  });
});
