import { ApiError } from "../http/api.server";
import { StoreRejectedError } from "./catalog.server";
import { ShopifyError } from "./graphql-client.server";

/**
 * How a catalog failure is told to the browser: Shopify unreachable or answering wrongly is 502 with a
 * sentence a person understands (details go to the log, not the visitor); Shopify refusing the input
 * is 400 with Shopify's reason. Anything else is not a catalog failure: rethrow it (500).
 */
export function catalogApiError(error: unknown): ApiError | undefined {
  if (error instanceof StoreRejectedError) return new ApiError(400, error.message);
  if (!(error instanceof ShopifyError)) return undefined;
  switch (error.failure) {
    case "unavailable":
      return new ApiError(502, "The store could not be reached. Please try again in a moment.");
    case "unauthorized":
      return new ApiError(502, "The store refused this site's credentials. Please try again later.");
    case "bad_response":
      return new ApiError(
        502,
        "The store answered in a way this site did not understand. Please try again later.",
      );
  }
}
