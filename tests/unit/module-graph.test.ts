import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type ImportEdge,
  importCycles,
  importsOf,
  projectRoot,
  runTimeReach,
  sourceFiles,
} from "./import-graph";

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
      to: "app/server/runtime/runtime.server.ts",
      typeOnly: false,
    });
  });
});

/** The concern a file of app/server belongs to (`app/server/orders/x.server.ts` → `orders`). */
function concernOf(file: string): string | null {
  return /^app\/server\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/**
 * An import from one concern of app/server into another's `templates/` or `rules` to borrow a helper
 * (decision 096). Across concerns, `templates/` may be imported only for an e-mail itself: a `.tsx`
 * template that exports its `render…` function (the concern that sends the message renders it); its
 * helpers (layout, styles, any `.ts`) and any rules module (`rules.ts`, `*-rules.ts`) are refused. A
 * pure helper two concerns need lives in app/shared.
 */
function borrowsAcrossConcerns(edge: ImportEdge): boolean {
  const from = concernOf(edge.from);
  const to = concernOf(edge.to);
  if (!from || !to || from === to) return false;
  if (/(^|-)rules(\.server)?\.tsx?$/.test(path.basename(edge.to))) return true;
  if (!edge.to.includes("/templates/")) return false;
  return !(edge.to.endsWith(".tsx") && isEmailTemplate(edge.to));
}

function isEmailTemplate(file: string): boolean {
  const absolute = path.join(projectRoot, file);
  return existsSync(absolute) && /^export async function render[A-Z]/m.test(readFileSync(absolute, "utf8"));
}

/**
 * Who may import whom inside app/ (decision 072). Type-only imports count: a browser module typed
 * against the database schema is tied to it as much as one that runs it.
 */
describe("the layers of app/", () => {
  const edgesFrom = (folder: string) => sourceFiles(folder).flatMap(importsOf);
  const shown = (edges: ImportEdge[]) => edges.map((edge) => `${edge.from} → ${edge.to}`);
  const isServerModule = (file: string) => /\.server\.tsx?$/.test(file) || file.includes("/.server/");

  it("app/lib imports nothing from app/server", () => {
    expect(shown(edgesFrom("app/lib").filter((edge) => edge.to.startsWith("app/server/")))).toEqual([]);
  });

  it("app/server imports nothing from app/lib", () => {
    expect(shown(edgesFrom("app/server").filter((edge) => edge.to.startsWith("app/lib/")))).toEqual([]);
  });

  it("app/lib imports only contracts, content, shared and other lib modules from app/", () => {
    const allowed = /^app\/(contracts|content|lib|shared)\//;
    const outside = edgesFrom("app/lib").filter(
      (edge) => edge.to.startsWith("app/") && !allowed.test(edge.to),
    );
    expect(shown(outside)).toEqual([]);
  });

  /**
   * One edge for requests (issue 33 item 1): what knows Request, Response, the load context, form data or
   * HTTP statuses lives in app/server/http (and the runtime that builds the services); below it, modules
   * take plain values and throw domain errors.
   */
  const isEdge = (file: string) => /^app\/server\/(http|runtime)\//.test(file);
  const belowTheEdge = (edge: ImportEdge) =>
    edge.to === "react-router" ||
    edge.to.startsWith("@react-router/") ||
    edge.to.startsWith("app/server/http/");

  it("below the edge, nothing under app/server imports react-router or app/server/http", () => {
    const crossing = edgesFrom("app/server").filter((edge) => !isEdge(edge.from) && belowTheEdge(edge));
    expect(shown(crossing)).toEqual([]);
  });

  it("the edge rule sees a service that reaches for the load context or an HTTP helper", () => {
    const reaching: ImportEdge[] = [
      { from: "app/server/shopify/lookup.server.ts", to: "react-router", typeOnly: true },
      {
        from: "app/server/reviews/listing.server.ts",
        to: "app/server/http/client-key.server.ts",
        typeOnly: false,
      },
      { from: "app/server/http/api-action.server.ts", to: "react-router", typeOnly: true },
    ];
    expect(shown(reaching.filter((edge) => !isEdge(edge.from) && belowTheEdge(edge)))).toEqual([
      "app/server/shopify/lookup.server.ts → react-router",
      "app/server/reviews/listing.server.ts → app/server/http/client-key.server.ts",
    ]);
  });

  it("app/contracts imports nothing from app/server", () => {
    expect(shown(edgesFrom("app/contracts").filter((edge) => edge.to.startsWith("app/server/")))).toEqual([]);
  });

  it("contracts import only zod, other contracts, content and app/shared", () => {
    const edges = edgesFrom("app/contracts");
    expect(edges.length).toBeGreaterThan(0);
    const allowed = (to: string) => to === "zod" || /^app\/(contracts|content|shared)\//.test(to);
    expect(shown(edges.filter((edge) => !allowed(edge.to)))).toEqual([]);
  });

  it("app/shared imports nothing outside itself, so contracts, browser and server may all take it (decision 096)", () => {
    const shared = sourceFiles("app/shared");
    expect(shared).toContain("app/shared/money.ts");
    expect(shown(shared.flatMap(importsOf).filter((edge) => !edge.to.startsWith("app/shared/")))).toEqual([]);
  });

  it("no app/server concern imports another's templates or rules to borrow a helper (decision 096)", () => {
    expect(shown(edgesFrom("app/server").filter(borrowsAcrossConcerns))).toEqual([]);
  });

  it("an e-mail template takes plain values: from app/ it imports content, contracts, app/shared and its own folder", () => {
    const templates = sourceFiles("app/server").filter((file) => file.includes("/templates/"));
    expect(templates.length).toBeGreaterThan(0);
    const outside = templates.flatMap(importsOf).filter((edge) => {
      if (!edge.to.startsWith("app/")) return false;
      if (/^app\/(content|contracts|shared)\//.test(edge.to)) return false;
      return path.dirname(edge.to) !== path.dirname(edge.from);
    });
    expect(shown(outside)).toEqual([]);
  });

  it("the borrowing rule sees the old borrowings and lets an e-mail be rendered by the concern that sends it", () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, typeOnly: false });
    const borrowed = [
      edge("app/server/orders/checkout.server.ts", "app/server/mail/templates/money.ts"),
      edge("app/server/shopify/order-reshape.server.ts", "app/server/stripe/rules.ts"),
      edge("app/server/admin/admin-orders.server.ts", "app/server/mail/templates/layout.tsx"),
      edge("app/server/support/guarantee.server.ts", "app/server/reviews/moderation-rules.ts"),
    ];
    expect(borrowed.filter(borrowsAcrossConcerns)).toEqual(borrowed);
    const allowed = [
      edge("app/server/orders/order-email.server.ts", "app/server/mail/templates/order-confirmation.tsx"),
      edge("app/server/mail/templates/order-confirmation.tsx", "app/server/mail/templates/layout.tsx"),
      edge("app/server/stripe/types.ts", "app/server/stripe/rules.ts"),
    ];
    expect(allowed.filter(borrowsAcrossConcerns)).toEqual([]);
  });

  it("no import circle anywhere in the tree (app/, the emulators, the server and scripts), type-only imports included", () => {
    const tree = ["app", "sandbox", "server.ts", "server", "scripts"].flatMap(sourceFiles);
    expect(tree).toContain("sandbox/shopify/emulator.ts");
    expect(importCycles(tree, { includeTypeOnly: true })).toEqual([]);
  });

  it("browser code (app/lib, app/components) imports no .server module, directly or through others", () => {
    const browser = [...sourceFiles("app/lib"), ...sourceFiles("app/components")];
    const direct = browser.flatMap(importsOf).filter((edge) => isServerModule(edge.to));
    expect(shown(direct)).toEqual([]);
    const reached = [...runTimeReach(browser).values()].filter((edge) => isServerModule(edge.to));
    expect(shown(reached)).toEqual([]);
  });

  it("browser code reaches no zod at run time (it would ship to every page, and its eval probe trips the CSP)", () => {
    const browser = [...sourceFiles("app/lib"), ...sourceFiles("app/components")];
    const reachedFiles = [...browser, ...runTimeReach(browser).keys()];
    const zodEdges = reachedFiles.flatMap(importsOf).filter((edge) => edge.to === "zod" && !edge.typeOnly);
    expect(shown(zodEdges)).toEqual([]);
  });

  it("the graph reader finds a circle, type-only or not, and what a file reaches", () => {
    // The checks above pass on an empty answer; these show the reader is not blind.
    const folder = mkdtempSync(path.join(tmpdir(), "import-graph-"));
    writeFileSync(path.join(folder, "a.ts"), 'import type { B } from "./b";\nexport type A = B;\n');
    writeFileSync(path.join(folder, "b.ts"), 'import "./a";\nexport type B = string;\n');
    const files = ["a.ts", "b.ts"].map((name) => path.relative(projectRoot, path.join(folder, name)));
    expect(importCycles(files)).toEqual([]);
    expect(importCycles(files, { includeTypeOnly: true })).toEqual([files]);
    rmSync(folder, { recursive: true });
    expect(runTimeReach(["app/lib/checkout-flow.ts"]).has("app/lib/functions-client.ts")).toBe(true);
    expect(importsOf("app/contracts/order-confirmation.ts")).toContainEqual({
      from: "app/contracts/order-confirmation.ts",
      to: "app/shared/checkout-session-id.ts",
      typeOnly: false,
    });
  });
});

/** One folder per outside system (decision 072). */
/**
 * Loaders and actions get narrow dependencies (issue 33 item 4, decision 101): each names the services
 * it uses (`servicesFor`), the load context carries only the route-facing record, and the raw
 * outside-system clients are made where the services are assembled and used by their adapters alone.
 */
describe("narrow dependencies for routes", () => {
  const routeFiles = sourceFiles("app/routes");
  const readsWholeBag = (source: string) =>
    /\bcontext\s*\.\s*services\b|\{[^}]*\bservices\b[^}]*\}\s*=\s*context\b/.test(source);

  it("no route reads the load context's services itself: it names what it takes with servicesFor", () => {
    const offenders = routeFiles.filter((file) =>
      readsWholeBag(readFileSync(path.join(projectRoot, file), "utf8")),
    );
    expect(offenders).toEqual([]);
    expect(routeFiles.length).toBeGreaterThan(20);
  });

  it("the rule sees a route that reaches into the bag, however it is written", () => {
    expect(readsWholeBag("await context.services.catalog.createProduct(input)")).toBe(true);
    expect(readsWholeBag("const { services } = context;")).toBe(true);
    expect(readsWholeBag('const { catalog } = servicesFor(context, "productLookup");')).toBe(false);
  });

  it("the route-facing record holds no raw client, cache, queue, job or key", async () => {
    const { routeServiceNames } = await import("~/server/runtime/route-services.server");
    const belowRoutes = [
      "database",
      "catalog",
      "payments",
      "mailer",
      "shopifyOrders",
      "outbox",
      "shopifySync",
      "productCache",
      "offerCache",
      "sellableVariants",
      "refunds",
      "retention",
      "reviewInvitations",
      "orderLinks",
      "reviewLinks",
      "healthData",
    ];
    expect(routeServiceNames.filter((name) => belowRoutes.includes(name))).toEqual([]);
  });

  it("the raw clients are made only where the services are assembled, and used at run time only by their own concern", () => {
    const factories = [
      "app/server/db/client.server.ts",
      "app/server/shopify/catalog.server.ts",
      "app/server/shopify/orders.server.ts",
      "app/server/stripe/payments.server.ts",
      "app/server/mail/mailer.server.ts",
    ];
    const reaching = sourceFiles("app")
      .flatMap(importsOf)
      .filter(
        (edge) =>
          factories.includes(edge.to) &&
          !edge.typeOnly &&
          edge.from !== "app/server/runtime/services.server.ts" &&
          concernOf(edge.from) !== concernOf(edge.to),
      )
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(reaching).toEqual([]);
  });
});

describe("one home per outside system", () => {
  const appFiles = sourceFiles("app");

  it("only app/server/shopify imports Shopify's packages, only app/server/stripe imports Stripe's", () => {
    const misplaced = appFiles.flatMap(importsOf).filter((edge) => {
      if (edge.to.startsWith("@shopify/")) return !edge.from.startsWith("app/server/shopify/");
      if (edge.to === "stripe") return !edge.from.startsWith("app/server/stripe/");
      return false;
    });
    expect(misplaced.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it("no loose catalog modules outside app/server/shopify", () => {
    expect(
      appFiles.filter(
        (file) => /\/catalog-[^/]*\.server\.ts$/.test(file) && !file.startsWith("app/server/shopify/"),
      ),
    ).toEqual([]);
  });

  it("the product cache and checkout's variant cache share one cache helper", () => {
    for (const cache of [
      "app/server/shopify/product-cache.server.ts",
      "app/server/shopify/checkout-variants.server.ts",
    ]) {
      expect(importsOf(cache).map((edge) => edge.to)).toContain("app/server/shopify/cache.server.ts");
    }
  });
});

/** Every import specifier a file names, as written (`~/content/site`, `./icon`, `react`). */
function specifiersOf(file: string): string[] {
  const source = readFileSync(path.join(projectRoot, file), "utf8");
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
  return [...source.matchAll(pattern)].map((match) => match[1] as string);
}

/** What the import style (decision 074) refuses: a parent path, or a relative path into a sub-folder. */
function offStyle(file: string, specifier: string): boolean {
  // Config loaders read these without Vite's aliases: vite.config.ts the store's identity (decision 094),
  // React Router's route table the count of doses below their studied dose (through content/product).
  if (file === "app/content/store-identity.ts" && specifier === "../contracts/email-address") return false;
  if (file === "app/content/studied-doses.ts" && specifier.startsWith("./facts/")) return false;
  // ... and the route table's prices (through content/routes) their numbers' text.
  if (file === "app/content/pricing.ts" && specifier === "../shared/number-format") return false;
  if (specifier.startsWith("../")) return true;
  if (!specifier.startsWith("./")) return false;
  const rest = specifier.slice(2);
  if (!rest.includes("/")) return false; // a sibling in the same folder
  if (rest.startsWith("+types/")) return false; // React Router's generated route types
  // React Router's config loader reads the route table without Vite's aliases.
  return !(file === "app/routes.ts" && rest === "content/routes");
}

describe("one import style in app/ (decision 074)", () => {
  it("app code is imported as ~/…, a sibling in the same folder as ./…, never through ../", () => {
    const offenders = sourceFiles("app").flatMap((file) =>
      specifiersOf(file)
        .filter((specifier) => offStyle(file, specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the style check sees parent paths and sub-folder paths, and lets siblings and route types pass", () => {
    expect(offStyle("app/lib/toast.ts", "../content/site")).toBe(true);
    expect(offStyle("app/root.tsx", "./components/ui/icon")).toBe(true);
    expect(offStyle("app/components/ui/tabs.tsx", "./icon")).toBe(false);
    expect(offStyle("app/routes/home.tsx", "./+types/home")).toBe(false);
    expect(offStyle("app/routes.ts", "./content/routes")).toBe(false);
    expect(offStyle("app/lib/toast.ts", "~/content/site")).toBe(false);
    expect(specifiersOf("app/routes.ts")).toContain("./content/routes");
  });
});
