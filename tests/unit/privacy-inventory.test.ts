import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { variantOverrideKeys } from "~/content/catalog";
import {
  browserStorage,
  type ColumnEntry,
  emailKinds,
  otherRecords,
  type PersonalColumn,
  QUIZ_PROGRESS_KEY,
  type RetentionKey,
  type RetentionRule,
  retentionRules,
  type TableEntry,
  tables,
} from "~/content/legal/data-inventory";
import { ADMIN_TOKEN_SESSION_KEY } from "~/lib/test-product";
import { ACCOUNT_SIGN_IN } from "~/server/accounts/shopper-auth.server";
import { ADMIN_SIGN_IN } from "~/server/admin/admin-auth.server";
import * as schema from "~/server/db/schema";
import { ACCOUNT_COOKIE } from "~/server/http/account-cookie.server";
import { ADMIN_COOKIE } from "~/server/http/admin-cookie.server";
import { VOTER_COOKIE } from "~/server/http/voter-cookie.server";
import { NEWSLETTER_CONFIRMATION } from "~/server/newsletter/newsletter.server";
import { ORDER_CONFIRMATION } from "~/server/orders/order-email.server";
import { QUIZ_PLAN } from "~/server/quiz/quiz.server";

/**
 * Issue 17 item 4: the privacy policy's data inventory names every table and every column the software
 * stores, so a new column holding personal data cannot slip in unnamed; and what it names exists. The
 * schema is read as drizzle builds it (getTableConfig on every pgTable of app/server/db/schema.ts), the
 * rate limiter's own table from the statement that creates it.
 */

const inventory = tables as Record<string, TableEntry>;
const rules = retentionRules as Record<RetentionKey, RetentionRule>;
const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

/** The columns of the table rate-limits.server.ts creates (`create unlogged table … (…)`). */
function rateLimitColumns(): string[] {
  const source = readFileSync("app/server/http/rate-limits.server.ts", "utf8");
  const body = /create unlogged table if not exists \$\{TABLE\} \(([\s\S]*?)\)`/.exec(source)?.[1];
  if (!body) throw new Error("the rate_limits table's create statement was not found: read it again");
  return body
    .split(",")
    .map((line) => line.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

const personalColumns = Object.entries(inventory).flatMap(([table, entry]) =>
  Object.entries(entry.columns)
    .filter((pair): pair is [string, PersonalColumn] => pair[1].personal)
    .map(([column, value]) => ({ table, column, value, entry })),
);

describe("the data inventory against the database", () => {
  it("reads the schema: its tables are found, with their columns", () => {
    // The checks below pass on an empty schema; this one shows the reader is not blind.
    expect(schemaTables.length).toBeGreaterThanOrEqual(12);
    const orders = schemaTables.find((table) => table.name === "orders");
    expect(orders?.columns.map((column) => column.name)).toContain("shipping_address");
    expect(rateLimitColumns()).toEqual(["key", "points", "expire"]);
  });

  it("names every table of the schema, and every one of its columns", () => {
    const unnamed: string[] = [];
    for (const table of schemaTables) {
      const entry = inventory[table.name];
      if (!entry) {
        unnamed.push(`${table.name} (the whole table)`);
        continue;
      }
      expect(entry.definedIn, table.name).toBe("schema");
      for (const column of table.columns) {
        if (!Object.hasOwn(entry.columns, column.name)) unnamed.push(`${table.name}.${column.name}`);
      }
    }
    expect(
      unnamed,
      "add these to app/content/legal/data-inventory.ts, saying whether they hold personal data",
    ).toEqual([]);
  });

  it("names every column of the rate limiter's table", () => {
    expect(inventory.rate_limits?.definedIn).toBe("rate-limiter");
    expect(Object.keys(inventory.rate_limits?.columns ?? {}).sort()).toEqual(rateLimitColumns().sort());
  });

  it("names no table or column the database does not have", () => {
    const actual = new Map<string, string[]>(
      schemaTables.map((table) => [table.name, table.columns.map((column) => column.name)]),
    );
    actual.set("rate_limits", rateLimitColumns());
    const phantoms: string[] = [];
    for (const [name, entry] of Object.entries(inventory)) {
      const columns = actual.get(name);
      if (!columns) {
        phantoms.push(`${name} (the whole table)`);
        continue;
      }
      for (const column of Object.keys(entry.columns)) {
        if (!columns.includes(column)) phantoms.push(`${name}.${column}`);
      }
    }
    expect(phantoms).toEqual([]);
  });
});

describe("what the inventory says of each column", () => {
  it("gives every personal column its kinds, a purpose, a retention and its recipients", () => {
    expect(personalColumns.length).toBeGreaterThan(40);
    const incomplete = personalColumns
      .filter(({ value, entry }) => {
        const retention = value.retention ?? entry.retention.map((scope) => scope.rule);
        return (
          value.label.trim() === "" ||
          value.kinds.length === 0 ||
          value.purpose.trim().length < 5 ||
          retention.length === 0 ||
          retention.some((key) => !rules[key]) ||
          !Array.isArray(value.sharedWith)
        );
      })
      .map(({ table, column }) => `${table}.${column}`);
    expect(incomplete).toEqual([]);
  });

  it("gives every table and other record its own title (the page names them by it)", () => {
    const titles = [...Object.values(inventory), ...Object.values(otherRecords)].map((entry) => entry.title);
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
  });

  it("gives every table a purpose and a retention", () => {
    for (const [name, entry] of Object.entries(inventory)) {
      expect(entry.title.trim(), name).not.toBe("");
      expect(entry.purpose.trim().length, name).toBeGreaterThan(20);
      expect(entry.retention.length, name).toBeGreaterThan(0);
      for (const scope of entry.retention) expect(rules[scope.rule], `${name}: ${scope.rule}`).toBeDefined();
    }
  });

  it("does not call a column that sounds personal not personal without saying why", () => {
    // A name like these in a new column is personal data until someone says otherwise, in a note.
    const sounding = /email|name|address|phone|message|reason|ip|token|session|note|text|key|payload|error/;
    const unexplained = Object.entries(inventory).flatMap(([table, entry]) =>
      Object.entries(entry.columns as Record<string, ColumnEntry>)
        .filter(([column, value]) => !value.personal && sounding.test(column) && !value.note)
        .map(([column]) => `${table}.${column}`),
    );
    expect(unexplained).toEqual([]);
  });

  it("calls the columns that obviously hold a person's data personal", () => {
    const obvious = [
      "orders.email",
      "orders.customer_name",
      "orders.shipping_address",
      "email_deliveries.to_address",
      "email_deliveries.payload",
      "newsletter_subscribers.email",
      "contact_messages.name",
      "contact_messages.email",
      "contact_messages.message",
      "guarantee_requests.email",
      "guarantee_requests.reason",
      "admin_sessions.email",
      "admin_login_tokens.email",
      "shopper_sessions.email",
      "shopper_sign_in_links.email",
      "shoppers.email",
      "kit_registrations.date_of_birth_sealed",
      "rate_limits.key",
    ];
    const named = new Set(personalColumns.map(({ table, column }) => `${table}.${column}`));
    expect(obvious.filter((column) => !named.has(column))).toEqual([]);
  });
});

describe("retention rules", () => {
  it("the job's rules have a period, and the others none", () => {
    for (const [key, rule] of Object.entries(rules)) {
      if (rule.enforcedBy === "retention-job") {
        expect(rule.period, key).toBeDefined();
        expect(rule.period?.amount, key).toBeGreaterThanOrEqual(0);
      } else {
        expect(rule.period, key).toBeUndefined();
      }
      expect(rule.summary.trim(), key).not.toBe("");
      expect(rule.reason.trim(), key).not.toBe("");
    }
  });

  it("every rule applies to something the page lists", () => {
    const used = new Set<string>([
      ...Object.values(inventory).flatMap((entry) => entry.retention.map((scope) => scope.rule)),
      ...personalColumns.flatMap(({ value }) => value.retention ?? []),
      ...Object.values(otherRecords).map((record) => record.retention),
      "browserStorage",
    ]);
    expect(Object.keys(rules).filter((key) => !used.has(key))).toEqual([]);
  });

  it("the e-mail kinds the job treats apart are the ones the code sends", () => {
    expect(emailKinds.orderConfirmation).toBe(ORDER_CONFIRMATION);
    expect([...emailKinds.linkEmails].sort()).toEqual(
      [ADMIN_SIGN_IN, ACCOUNT_SIGN_IN, NEWSLETTER_CONFIRMATION].sort(),
    );
    expect(emailKinds.quizPlan).toBe(QUIZ_PLAN);
  });
});

/** Every .ts/.tsx file under `folder`. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("cookies and browser storage", () => {
  it("lists the cookie and storage keys the code uses, and no other", () => {
    const expected = [
      ADMIN_COOKIE,
      ACCOUNT_COOKIE,
      VOTER_COOKIE,
      ...Object.values(variantOverrideKeys),
      ADMIN_TOKEN_SESSION_KEY,
      QUIZ_PROGRESS_KEY,
    ];
    expect(browserStorage.map((entry) => entry.name).sort()).toEqual(expected.sort());
  });

  it("no other file of the app touches cookies or browser storage (a new one must be listed first)", () => {
    // The files that use them today, each reviewed against the list above. A file added here must have
    // its cookie or storage key in the inventory's `browserStorage`.
    const reviewed = [
      "app/components/commerce/test-product-panel.tsx",
      "app/components/quiz/quiz-progress.ts",
      "app/lib/variant-ids.ts",
      "app/routes/account.passkeys.sign-in.ts",
      "app/routes/account.sign-out.ts",
      "app/routes/admin.sign-out.ts",
      "app/server/http/reviews-page.server.ts",
      "app/server/http/sign-in-link-route.server.ts",
      "app/server/http/voter-cookie.server.ts",
    ];
    const touching = sourceFiles("app").filter((file) =>
      /localStorage|sessionStorage|document\.cookie|Set-Cookie|cookieStore|indexedDB/.test(
        readFileSync(file, "utf8"),
      ),
    );
    expect(touching.filter((file) => !reviewed.includes(file))).toEqual([]);
    expect(touching.length).toBeGreaterThanOrEqual(reviewed.length);
  });
});
