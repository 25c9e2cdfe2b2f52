import { type GraphQLSchema, Kind, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { adminDocuments, storefrontDocuments } from "~/server/shopify/documents.server";
import { loadShopifySchema } from "../../sandbox/shopify/schemas";

/** Every GraphQL document the app sends validates against Shopify's real 2026-10 schema. */
const cases: [string, string, GraphQLSchema][] = [
  ...Object.entries(storefrontDocuments).map(
    ([name, doc]) =>
      [`storefront ${name}`, doc, loadShopifySchema("storefront")] as [string, string, GraphQLSchema],
  ),
  ...Object.entries(adminDocuments).map(
    ([name, doc]) => [`admin ${name}`, doc, loadShopifySchema("admin")] as [string, string, GraphQLSchema],
  ),
];

describe("GraphQL documents", () => {
  it("covers both APIs", () => {
    expect(Object.keys(storefrontDocuments).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(adminDocuments).length).toBeGreaterThanOrEqual(4);
  });

  it.each(cases)("%s is one named operation that validates against the real schema", (_name, doc, schema) => {
    const document = parse(doc);
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(operations).toHaveLength(1);
    expect(operations[0]?.kind === Kind.OPERATION_DEFINITION && operations[0].name?.value).toBeTruthy();
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  });

  it("the schemas do reject a field Shopify does not have (the check can fail)", () => {
    const errors = validate(
      loadShopifySchema("storefront"),
      parse('query Bad { product(handle: "x") { title priceInCents } }'),
    );
    expect(errors.map((e) => e.message)).toEqual(['Cannot query field "priceInCents" on type "Product".']);
    // The Admin API's productCreate takes `product`, and its payload has no `variantId`.
    const admin = validate(
      loadShopifySchema("admin"),
      parse('mutation Bad { productCreate(product: {title: "x"}) { variantId } }'),
    );
    expect(admin).toHaveLength(1);
  });
});
