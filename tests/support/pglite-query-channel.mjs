// Tests only: loaded into a test's server process with `node --import` (tests/support/shop.ts), never by
// the build or `npm start`. It lets the test read and change the server's embedded database while the
// server runs, instead of stopping it to open the data directory (decision 144).
//
// PGlite is one process's database: nothing outside the server can open it while the server holds it.
// This module keeps the PGlite the server creates (the same module instance as the server's import) and
// answers `{ type: "forge:sql" }` messages on the IPC channel the test opened when it spawned the server.
// No port is opened; only the parent process can send. Queries go through PGlite's own queue, so one
// never runs inside a transaction of the server's.
import { PGlite } from "@electric-sql/pglite";

let database;
const create = PGlite.create;
PGlite.create = async function createAndKeep(...args) {
  const created = await create.apply(this, args);
  database = created;
  return created;
};

process.on("message", async (message) => {
  if (message?.type !== "forge:sql") return;
  const reply = (answer) => process.send?.({ type: "forge:sql-result", id: message.id, ...answer });
  if (!database || database.closed) {
    reply({ error: "the server has no open embedded database" });
    return;
  }
  try {
    const result = await database.query(message.sql, message.params ?? []);
    reply({ rows: result.rows });
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) });
  }
});
// The channel must not keep a server alive that is shutting down.
process.channel?.unref();
