import { GraphQLError, type GraphQLFieldResolver } from "graphql";
import { sellingPlanAdminMutations, sellingPlanModels } from "./selling-plans";
import {
  adminMoney,
  handleize,
  plainText,
  type ShopifyStore,
  type StoredProduct,
  type StoredVariant,
  shopifyDecimal,
  variantAvailable,
  variantBackordered,
} from "./store";

/**
 * What the emulator answers: model objects for the fields the app uses (and a few neighbours), built
 * on demand from the store. Any other field answers Shopify's error shape through `strictResolver`, so
 * a query that asks for something the emulator does not model fails loudly rather than reading null.
 */

type Model = Record<string, unknown>;
type Args = Record<string, unknown>;

/** Resolves a field from the model object; a field the model lacks is an error, never a silent null. */
export const strictResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (source !== null && typeof source === "object" && info.fieldName in source) {
    const value = (source as Model)[info.fieldName];
    return typeof value === "function" ? value(args, context, info) : value;
  }
  throw new GraphQLError(
    `${info.parentType.name}.${info.fieldName} is valid in Shopify's schema but not modelled by the Shopify emulator.`,
    { extensions: { code: "NOT_EMULATED" } },
  );
};

/** A connection (edges, nodes, pageInfo) over `items`, honouring first/last/after/before/reverse. */
export function connection<T>(items: T[], args: Args, idOf: (item: T) => string): Model {
  const first = args.first as number | null | undefined;
  const last = args.last as number | null | undefined;
  if ((first ?? null) === null && (last ?? null) === null) {
    throw new GraphQLError("you must provide one of first or last", { extensions: { code: "BAD_REQUEST" } });
  }
  for (const n of [first, last]) {
    if (typeof n === "number" && (n < 0 || n > 250)) {
      throw new GraphQLError("The first and last arguments must be between 0 and 250.", {
        extensions: { code: "BAD_REQUEST" },
      });
    }
  }
  const cursorOf = (item: T) => Buffer.from(idOf(item)).toString("base64url");
  let list = args.reverse ? [...items].reverse() : [...items];
  const start = typeof args.after === "string" ? list.findIndex((i) => cursorOf(i) === args.after) + 1 : 0;
  const endIndex = typeof args.before === "string" ? list.findIndex((i) => cursorOf(i) === args.before) : -1;
  const end = endIndex >= 0 ? endIndex : list.length;
  list = list.slice(start, end);
  const total = list.length;
  if (typeof first === "number") list = list.slice(0, first);
  if (typeof last === "number") list = list.slice(Math.max(0, list.length - last));
  const edges = list.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    nodes: list,
    pageInfo: {
      hasNextPage: typeof first === "number" && total > first,
      hasPreviousPage: start > 0 || (typeof last === "number" && total > last),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

const money = (amount: string, currencyCode: string) => ({ amount: shopifyDecimal(amount), currencyCode });

// --- Storefront ------------------------------------------------------------------------------------

/** A product the Storefront sells: ACTIVE or UNLISTED (UNLISTED only when asked for directly). */
const sellable = (product: StoredProduct | undefined, direct: boolean) =>
  product && (product.status === "ACTIVE" || (direct && product.status === "UNLISTED")) ? product : undefined;

export function storefrontRoot(store: ShopifyStore, operation: "query" | "mutation"): Model {
  const currency = store.shop.currencyCode;
  const sellingPlans = sellingPlanModels(money, currency, connection);

  const variantModel = (product: StoredProduct, variant: StoredVariant): Model => ({
    ...sellingPlans.variantFields(product, variant),
    __typename: "ProductVariant",
    id: variant.id,
    title: variant.title,
    sku: variant.sku,
    availableForSale: variantAvailable(variant) && product.status === "ACTIVE",
    currentlyNotInStock: variantBackordered(variant),
    requiresShipping: true,
    price: money(variant.price, currency),
    compareAtPrice: variant.compareAtPrice ? money(variant.compareAtPrice, currency) : null,
    product: () => productModel(product),
  });

  const productModel = (product: StoredProduct): Model => {
    const prices = product.variants.map((v) => Number(v.price));
    const min = product.variants[prices.indexOf(Math.min(...prices))]?.price ?? "0";
    const max = product.variants[prices.indexOf(Math.max(...prices))]?.price ?? "0";
    return {
      ...sellingPlans.productFields(product),
      __typename: "Product",
      id: product.id,
      handle: product.handle,
      title: product.title,
      description: (args: Args) => {
        const text = plainText(product.descriptionHtml);
        const at = args.truncateAt;
        return typeof at === "number" && text.length > at ? `${text.slice(0, at)}...` : text;
      },
      descriptionHtml: product.descriptionHtml,
      availableForSale: product.status === "ACTIVE" && product.variants.some(variantAvailable),
      vendor: product.vendor,
      productType: product.productType,
      tags: product.tags,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      publishedAt: product.createdAt,
      onlineStoreUrl: null,
      priceRange: { minVariantPrice: money(min, currency), maxVariantPrice: money(max, currency) },
      variants: (args: Args) =>
        connection(
          product.variants.map((v) => variantModel(product, v)),
          args,
          (v) => String(v.id),
        ),
    };
  };

  const nodeById = (id: string): Model | null => {
    if (id.startsWith("gid://shopify/ProductVariant/")) {
      const found = store.findVariant(id);
      return found && sellable(found.product, true) ? variantModel(found.product, found.variant) : null;
    }
    if (id.startsWith("gid://shopify/Product/")) {
      const product = sellable(store.products.get(id), true);
      return product ? productModel(product) : null;
    }
    if (!/^gid:\/\/shopify\/[A-Za-z]+\/\d+/.test(id)) {
      throw new GraphQLError(`Invalid global id '${id}'`, {
        extensions: { code: "argumentLiteralsIncompatible" },
      });
    }
    return null;
  };

  if (operation === "mutation") return {};
  return {
    product: (args: Args) => {
      const product =
        typeof args.handle === "string"
          ? store.productByHandle(args.handle)
          : typeof args.id === "string"
            ? store.products.get(args.id)
            : undefined;
      const found = sellable(product, true);
      return found ? productModel(found) : null;
    },
    node: (args: Args) => nodeById(String(args.id)),
    nodes: (args: Args) => {
      const ids = args.ids as string[];
      if (ids.length > 250)
        throw new GraphQLError("Too many ids: at most 250.", {
          extensions: { code: "MAX_INPUT_SIZE_EXCEEDED" },
        });
      return ids.map(nodeById);
    },
    products: (args: Args) =>
      connection(
        [...store.products.values()].filter((p) => sellable(p, false)).map(productModel),
        args,
        (p) => String(p.id),
      ),
    shop: {
      __typename: "Shop",
      id: "gid://shopify/Shop/1",
      name: store.shop.name,
      description: null,
      paymentSettings: { currencyCode: currency, countryCode: "US", acceptedCardBrands: [] },
    },
  };
}

// --- Admin -----------------------------------------------------------------------------------------

export function adminRoot(store: ShopifyStore, operation: "query" | "mutation"): Model {
  const shopModel = (): Model => ({
    __typename: "Shop",
    id: "gid://shopify/Shop/1",
    name: store.shop.name,
    currencyCode: store.shop.currencyCode,
    myshopifyDomain: store.shop.myshopifyDomain,
  });

  const variantModel = (product: StoredProduct, variant: StoredVariant): Model => ({
    __typename: "ProductVariant",
    id: variant.id,
    title: variant.title,
    displayName: `${product.title} - ${variant.title}`,
    price: adminMoney(variant.price),
    compareAtPrice: variant.compareAtPrice ? adminMoney(variant.compareAtPrice) : null,
    sku: variant.sku,
    availableForSale: variantAvailable(variant),
    inventoryItem: {
      __typename: "InventoryItem",
      id: variant.id.replace("ProductVariant", "InventoryItem"),
      sku: variant.sku,
    },
    product: () => productModel(product),
  });

  const productModel = (product: StoredProduct): Model => ({
    __typename: "Product",
    id: product.id,
    handle: product.handle,
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    description: plainText(product.descriptionHtml),
    status: product.status,
    vendor: product.vendor,
    productType: product.productType,
    tags: product.tags,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    variants: (args: Args) =>
      connection(
        product.variants.map((v) => variantModel(product, v)),
        args,
        (v) => String(v.id),
      ),
    publishedOnPublication: (args: Args) => product.publicationIds.includes(String(args.publicationId)),
  });

  if (operation === "query") {
    return {
      shop: shopModel,
      product: (args: Args) => {
        const product = store.products.get(String(args.id));
        return product ? productModel(product) : null;
      },
      productByIdentifier: (args: Args) => {
        const identifier = args.identifier as { id?: string; handle?: string };
        const product = identifier.id
          ? store.products.get(identifier.id)
          : store.productByHandle(identifier.handle ?? "");
        return product ? productModel(product) : null;
      },
      productVariant: (args: Args) => {
        const found = store.findVariant(String(args.id));
        return found ? variantModel(found.product, found.variant) : null;
      },
      products: (args: Args) =>
        connection([...store.products.values()].map(productModel), args, (p) => String(p.id)),
    };
  }

  return {
    ...sellingPlanAdminMutations(() => store.products.values()),
    productCreate: (args: Args) => {
      if (args.input) {
        throw new GraphQLError("The `input` argument is deprecated: use `product` (ProductCreateInput).", {
          extensions: { code: "NOT_EMULATED" },
        });
      }
      const input = (args.product ?? {}) as {
        title?: string | null;
        handle?: string | null;
        descriptionHtml?: string | null;
        status?: StoredProduct["status"] | null;
        vendor?: string | null;
        productType?: string | null;
        tags?: string[] | null;
      };
      const title = input.title?.trim() ?? "";
      if (!title) {
        return {
          product: null,
          shop: shopModel,
          userErrors: [{ field: ["title"], message: "Title can't be blank" }],
        };
      }
      if (title.length > 255) {
        return {
          product: null,
          shop: shopModel,
          userErrors: [{ field: ["title"], message: "Title is too long (maximum is 255 characters)" }],
        };
      }
      const wanted = input.handle?.trim() ? handleize(input.handle) : handleize(title);
      const now = new Date().toISOString();
      const product: StoredProduct = {
        id: store.nextProductId(),
        handle: store.uniqueHandle(wanted),
        title,
        descriptionHtml: input.descriptionHtml ?? "",
        status: input.status ?? "ACTIVE",
        vendor: input.vendor ?? store.shop.name,
        productType: input.productType ?? "",
        tags: input.tags ?? [],
        createdAt: now,
        updatedAt: now,
        publicationIds: [],
        variants: [
          {
            id: store.nextVariantId(),
            title: "Default Title",
            price: "0.00",
            sku: null,
            availableForSale: true,
          },
        ],
      };
      store.products.set(product.id, product);
      return { product: productModel(product), shop: shopModel, userErrors: [] };
    },

    productVariantsBulkUpdate: (args: Args) => {
      const product = store.products.get(String(args.productId));
      const error = (field: string[], message: string, code: string) => ({
        product: null,
        productVariants: null,
        userErrors: [{ field, message, code }],
      });
      if (!product) return error(["productId"], "Product does not exist", "PRODUCT_DOES_NOT_EXIST");
      const inputs = args.variants as {
        id?: string | null;
        price?: string | null;
        compareAtPrice?: string | null;
        inventoryItem?: { sku?: string | null } | null;
      }[];
      // Check every input first: the mutation applies all or nothing unless allowPartialUpdates.
      for (const [index, input] of inputs.entries()) {
        if (!input.id)
          return error(
            ["variants", String(index), "id"],
            "Product variant is missing ID attribute",
            "PRODUCT_VARIANT_ID_MISSING",
          );
        if (!product.variants.some((v) => v.id === input.id)) {
          return error(
            ["variants", String(index), "id"],
            "Product variant does not exist",
            "PRODUCT_VARIANT_DOES_NOT_EXIST",
          );
        }
        if (typeof input.compareAtPrice === "string" && !/^\d+(\.\d+)?$/.test(input.compareAtPrice)) {
          return error(
            ["variants", String(index), "compareAtPrice"],
            "Compare at price is invalid",
            "INVALID_INPUT",
          );
        }
        if (input.price !== undefined && input.price !== null) {
          if (!/^\d+(\.\d+)?$/.test(input.price)) {
            return error(["variants", String(index), "price"], "Price is invalid", "INVALID_INPUT");
          }
          if (Number(input.price) >= 1e15) {
            return error(
              ["variants", String(index), "price"],
              "Price must be less than 1000000000000000",
              "INVALID_INPUT",
            );
          }
        }
      }
      const updated = inputs.map((input) => {
        const variant = product.variants.find((v) => v.id === input.id) as StoredVariant;
        if (input.price !== undefined && input.price !== null) variant.price = adminMoney(input.price);
        // null clears the "was" price, as in Shopify; absent leaves it.
        if (input.compareAtPrice !== undefined) {
          variant.compareAtPrice = input.compareAtPrice === null ? null : adminMoney(input.compareAtPrice);
        }
        if (input.inventoryItem?.sku !== undefined) variant.sku = input.inventoryItem.sku ?? null;
        return variantModel(product, variant);
      });
      product.updatedAt = new Date().toISOString();
      return { product: productModel(product), productVariants: updated, userErrors: [] };
    },

    publishablePublish: (args: Args) => {
      const product = store.products.get(String(args.id));
      if (!product) {
        return {
          publishable: null,
          shop: shopModel,
          userErrors: [{ field: ["id"], message: "Product does not exist" }],
        };
      }
      for (const input of args.input as { publicationId?: string | null }[]) {
        if (!input.publicationId) {
          return {
            publishable: null,
            shop: shopModel,
            userErrors: [{ field: ["input", "publicationId"], message: "Publication id is required" }],
          };
        }
        if (!product.publicationIds.includes(input.publicationId))
          product.publicationIds.push(input.publicationId);
      }
      return { publishable: productModel(product), shop: shopModel, userErrors: [] };
    },
  };
}
