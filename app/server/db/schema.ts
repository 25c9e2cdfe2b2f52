/**
 * The Drizzle schema: every table the app keeps. Migrations under `drizzle/` are generated from it
 * with `npm run db:generate` and applied when the server starts.
 */
export {};
