import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

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
    const path = fileURLToPath(new URL(`./schemas/${files[api]}`, import.meta.url));
    const introspection = JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")) as {
      data: IntrospectionQuery;
    };
    schema = buildClientSchema(introspection.data);
    loaded.set(api, schema);
  }
  return schema;
}
