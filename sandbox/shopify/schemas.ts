import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";
import { projectRoot } from "../../server/project-root";

/** Shopify's real 2026-10 schemas (schemas/README.md), loaded once per process. */
export const SCHEMA_VERSION = "2026-10";

const files = {
  storefront: `storefront-graphql_${SCHEMA_VERSION}.json.gz`,
  admin: `admin_${SCHEMA_VERSION}.json.gz`,
} as const;

const loaded = new Map<keyof typeof files, GraphQLSchema>();

export function loadShopifySchema(api: keyof typeof files): GraphQLSchema {
  let schema = loaded.get(api);
  if (!schema) {
    // From the project's folder: this module also runs bundled into the build (decision 139).
    const file = path.join(projectRoot(import.meta.url), "sandbox/shopify/schemas", files[api]);
    const introspection = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as {
      data: IntrospectionQuery;
    };
    schema = buildClientSchema(introspection.data);
    loaded.set(api, schema);
  }
  return schema;
}
