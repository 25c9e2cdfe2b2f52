import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  getOperationAST,
  parse,
  validate,
} from "graphql";
import { pushBounded, setBounded } from "../retention";
import { createControlRouter } from "./control";
import { type CustomerMailOptions, createShippingNotifier, type ShippingNotifier } from "./customer-mail";
import { type Api, applyFault, cost, type Fault, wait } from "./faults";
import { adminOrderRoot, unsupportedIdempotency } from "./order-resolvers";
import { createOrdersPageRouter } from "./orders-page";
import { adminRoot, storefrontRoot, strictResolver } from "./resolvers";
import { loadShopifySchema, SCHEMA_VERSION } from "./schemas";
import { createStore, type ShopifyStore } from "./store";

/**
 * The Shopify emulator: Storefront and Admin GraphQL endpoints laid out as Shopify's own
 * (`/api/{version}/graphql.json`, `/admin/api/{version}/graphql.json`), validating and executing every
 * request against Shopify's real 2026-10 schemas, checking the access-token headers, seeded with the
 * products of seed.ts. Admin mutations add products the Storefront then serves, and orders
 * (order-resolvers.ts) that `/orders` lists and marks shipped (orders-page.ts).
 *
 * Test hooks under `/__control` (control.ts) only when created with `controlHooks: true`: the sandbox
 * does so for tests (SANDBOX_TEST_HOOKS=1) and `npm run emulators` (sandbox/test-hooks.ts).
 *
 * Mounted by sandbox/index.ts at /__sandbox/shopify; `startShopifyEmulator` runs it on its own port.
 */

export type { Api, Fault } from "./faults";

export type CallRecord = { api: Api; operationName: string | null; fault: Fault["kind"] | null; at: string };

export type ShopifyEmulator = {
  router: express.Router;
  storefrontToken: string;
  adminToken: string;
  store: ShopifyStore;
  calls(): { storefront: number; admin: number; total: number; log: CallRecord[] };
  /** Queues a fault; answers how many are queued. */
  addFault(fault: Fault): number;
  clearFaults(): void;
  reset(): void;
  close(): Promise<void>;
};

export type ShopifyEmulatorOptions = {
  /** Default: random per start. */
  storefrontToken?: string;
  adminToken?: string;
  /** Mounts the test hooks at /__control (tests and `npm run emulators` only; default off). */
  controlHooks?: boolean;
  /** Sends customers their shipping confirmation (customer-mail.ts) over this SMTP; unset, none is sent. */
  customerMail?: CustomerMailOptions;
  /** Orders kept, the oldest out first (default orders.ts's MAX_ORDERS; a long chaos run keeps more). */
  maxOrders?: number;
};

const MAX_LOG = 500;

/**
 * A document parsed and validated against the API's schema, or the errors Shopify would answer with.
 * Clients send the same few documents again and again; validating one against these schemas costs
 * more than running it, so each outcome is kept (a bounded number, oldest out first).
 */
type CheckedDocument = { document: DocumentNode } | { errors: unknown[] };
const CHECKED_DOCUMENTS_MAX = 200;
const checkedDocuments = new Map<string, CheckedDocument>();

function checkDocument(api: Api, schema: GraphQLSchema, query: string): CheckedDocument {
  const key = `${api}\n${query}`;
  const known = checkedDocuments.get(key);
  if (known) return known;
  let checked: CheckedDocument;
  try {
    const document = parse(query);
    const validationErrors = validate(schema, document);
    checked =
      validationErrors.length > 0
        ? { errors: validationErrors.map((error) => format(error, "GRAPHQL_VALIDATION_FAILED")) }
        : { document };
  } catch (error) {
    checked = { errors: [format(error as GraphQLError, "PARSE_ERROR")] };
  }
  setBounded(checkedDocuments, key, checked, CHECKED_DOCUMENTS_MAX);
  return checked;
}

/** The GraphQL request in the body (JSON, or an application/graphql text), or null when there is none. */
function graphqlRequest(body: unknown) {
  const payload: { query?: unknown; variables?: unknown; operationName?: unknown } =
    typeof body === "string" ? { query: body } : body && typeof body === "object" ? (body as object) : {};
  if (typeof payload.query !== "string" || payload.query.trim() === "") return null;
  return {
    query: payload.query,
    operationName: typeof payload.operationName === "string" ? payload.operationName : undefined,
    variables:
      payload.variables && typeof payload.variables === "object"
        ? (payload.variables as Record<string, unknown>)
        : {},
  };
}

/** Parses, validates and runs a request against the API's schema: the response body Shopify would send. */
async function runGraphql(
  api: Api,
  store: ShopifyStore,
  request: NonNullable<ReturnType<typeof graphqlRequest>>,
  record: CallRecord,
  notifyShipping: ShippingNotifier,
): Promise<Record<string, unknown>> {
  const schema = loadShopifySchema(api);
  const checked = checkDocument(api, schema, request.query);
  if ("errors" in checked) return { errors: checked.errors };
  const { document } = checked;
  const operation = getOperationAST(document, request.operationName);
  if (!operation)
    return { errors: [{ message: "An operation name is required", extensions: { code: "BAD_REQUEST" } }] };
  record.operationName = operation.name?.value ?? null;
  if (operation.operation === "subscription")
    return { errors: [{ message: "Subscriptions are not supported", extensions: { code: "BAD_REQUEST" } }] };
  const unsupported = api === "admin" ? unsupportedIdempotency(operation) : null;
  if (unsupported)
    return {
      errors: [
        {
          message: `The @idempotent directive is not supported on ${unsupported}.`,
          extensions: { code: "BAD_REQUEST" },
        },
      ],
    };
  const rootValue =
    api === "storefront"
      ? storefrontRoot(store, operation.operation)
      : {
          ...adminRoot(store, operation.operation),
          ...adminOrderRoot(store, operation.operation, notifyShipping),
        };
  const result = await execute({
    schema,
    document,
    rootValue,
    variableValues: request.variables,
    operationName: request.operationName,
    fieldResolver: strictResolver,
  });
  const response: Record<string, unknown> = {};
  if (result.errors?.length) response.errors = result.errors.map((error) => format(error));
  if (result.data !== undefined) response.data = result.data;
  if (api === "admin") response.extensions = { cost: cost(1) };
  return response;
}

/** What the endpoints share: the store, the tokens, the fault queue and the call log. */
type EndpointState = {
  store: ShopifyStore;
  tokens: Record<Api, string>;
  takeFault(api: Api): Fault | undefined;
  /** Counts and logs a call. */
  record(api: Api): CallRecord;
  pending: Set<() => void>;
  notifyShipping: ShippingNotifier;
};

function authorized(api: Api, req: express.Request, tokens: Record<Api, string>): boolean {
  if (api === "admin") return req.get("x-shopify-access-token") === tokens.admin;
  const token = req.get("shopify-storefront-private-token") ?? req.get("x-shopify-storefront-access-token");
  return token === tokens.storefront;
}

function endpoint(api: Api, state: EndpointState): express.RequestHandler {
  return async (req, res) => {
    const record = state.record(api);
    res.setHeader("X-Shopify-API-Version", SCHEMA_VERSION);
    res.setHeader("X-Request-Id", randomBytes(8).toString("hex"));

    const fault = state.takeFault(api);
    if (fault) {
      record.fault = fault.kind;
      if (fault.kind !== "latency" && fault.kind !== "lost_answer")
        return applyFault(fault, api, res, state.pending);
      if (fault.kind === "latency") {
        await wait(fault.ms ?? 1_000, res, state.pending);
        if (res.writableEnded || res.destroyed) return;
      }
    }

    if (!authorized(api, req, state.tokens)) {
      res
        .status(401)
        .json(
          api === "admin"
            ? { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" }
            : { errors: [{ message: "", extensions: { code: "UNAUTHORIZED" } }] },
        );
      return;
    }
    const request = graphqlRequest(req.body as unknown);
    if (!request) {
      res.status(400).json({ errors: { query: "Required parameter missing or invalid" } });
      return;
    }
    const answer = await runGraphql(api, state.store, request, record, state.notifyShipping);
    if (fault?.kind === "lost_answer") {
      // Shopify did the work; the answer never reaches the caller (a network cut, a caller killed).
      return applyFault({ ...fault, kind: "timeout" }, api, res, state.pending);
    }
    res.json(answer);
  };
}

/** The store's products, for a look in a browser. */
function storeSummary(store: ShopifyStore) {
  return {
    emulator: "shopify",
    version: SCHEMA_VERSION,
    storefront: `api/${SCHEMA_VERSION}/graphql.json`,
    admin: `admin/api/${SCHEMA_VERSION}/graphql.json`,
    orders: "orders",
    products: [...store.products.values()].map((p) => ({
      handle: p.handle,
      title: p.title,
      status: p.status,
      variants: p.variants.map((v) => ({ id: v.id, price: v.price, sku: v.sku })),
    })),
  };
}

export function createShopifyEmulator(options: ShopifyEmulatorOptions = {}): ShopifyEmulator {
  const storefrontToken = options.storefrontToken ?? `shpat_sandbox_sf_${randomBytes(12).toString("hex")}`;
  const adminToken = options.adminToken ?? `shpat_sandbox_admin_${randomBytes(12).toString("hex")}`;
  const store = createStore({ maxOrders: options.maxOrders });
  // Loaded now, not on the first request (the Admin schema takes a few hundred milliseconds).
  loadShopifySchema("storefront");
  loadShopifySchema("admin");
  let faults: (Fault & { remaining: number })[] = [];
  let log: CallRecord[] = [];
  const counts = { storefront: 0, admin: 0 };
  const pending = new Set<() => void>();

  const takeFault = (api: Api): Fault | undefined => {
    const index = faults.findIndex((f) => (f.api ?? "any") === "any" || f.api === api);
    if (index === -1) return undefined;
    const fault = faults[index] as Fault & { remaining: number };
    if (fault.remaining > 0) {
      fault.remaining -= 1;
      if (fault.remaining === 0) faults.splice(index, 1);
    }
    return fault;
  };
  const snapshot = () => ({
    storefront: counts.storefront,
    admin: counts.admin,
    total: counts.storefront + counts.admin,
    log: [...log],
  });
  const addFault = (fault: Fault) => faults.push({ ...fault, remaining: fault.times ?? 1 });
  const clearFaults = () => {
    faults = [];
  };
  const reset = () => {
    faults = [];
    log = [];
    counts.storefront = 0;
    counts.admin = 0;
    store.reset();
  };
  const setStock = (quantity: number, variantId?: string) => {
    const changed: string[] = [];
    for (const product of store.products.values()) {
      for (const variant of product.variants) {
        if (variant.inventoryQuantity === undefined) continue;
        if (variantId !== undefined && variant.id !== variantId) continue;
        variant.inventoryQuantity = quantity;
        changed.push(variant.id);
      }
    }
    return changed;
  };
  const notifyShipping: ShippingNotifier = options.customerMail
    ? createShippingNotifier(options.customerMail)
    : async () => {};
  const state: EndpointState = {
    store,
    notifyShipping,
    tokens: { storefront: storefrontToken, admin: adminToken },
    takeFault,
    record(api) {
      counts[api] += 1;
      const record: CallRecord = { api, operationName: null, fault: null, at: new Date().toISOString() };
      pushBounded(log, record, MAX_LOG);
      return record;
    },
    pending,
  };

  const router = express.Router();
  router.use(express.json({ limit: "1mb", type: ["application/json"] }));
  router.use(express.text({ limit: "1mb", type: ["application/graphql"] }));
  if (options.controlHooks)
    router.use(
      "/__control",
      createControlRouter({ addFault, clearFaults, calls: snapshot, reset, setStock }),
    );
  router.post("/api/:version/graphql.json", endpoint("storefront", state));
  router.post("/admin/api/:version/graphql.json", endpoint("admin", state));
  router.all(["/api/:version/graphql.json", "/admin/api/:version/graphql.json"], (_req, res) => {
    res.status(405).set("Allow", "POST").json({ errors: "Method not allowed: send a POST" });
  });
  // A body express could not parse: Shopify answers 400 with its parameter error.
  router.use(((error, _req, res, next) => {
    if (res.headersSent) return next(error);
    res.status(400).json({ errors: { query: "Required parameter missing or invalid" } });
  }) as express.ErrorRequestHandler);
  router.get("/", (_req, res) => {
    res.json(storeSummary(store));
  });
  router.use(createOrdersPageRouter(store, notifyShipping));

  return {
    router,
    storefrontToken,
    adminToken,
    store,
    calls: snapshot,
    addFault,
    clearFaults,
    reset,
    async close() {
      for (const release of [...pending]) release();
    },
  };
}

function format(error: GraphQLError, code?: string): GraphQLFormattedError {
  const formatted = error.toJSON();
  return code && !formatted.extensions?.code
    ? { ...formatted, extensions: { ...formatted.extensions, code } }
    : formatted;
}

export type RunningShopifyEmulator = ShopifyEmulator & {
  /** Base URL to give the app as SHOPIFY_API_URL. */
  url: string;
};

/** Runs the emulator on its own HTTP port (tests, or several app processes sharing one store). */
export async function startShopifyEmulator(
  options: ShopifyEmulatorOptions & { host?: string; port?: number } = {},
): Promise<RunningShopifyEmulator> {
  const emulator = createShopifyEmulator(options);
  const app = express();
  // As the real API: no ETag (Express would hash every answer to make one).
  app.set("etag", false);
  app.disable("x-powered-by");
  app.use(emulator.router);
  const server = http.createServer(app);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...emulator,
    url: `http://${host}:${port}`,
    async close() {
      await emulator.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
