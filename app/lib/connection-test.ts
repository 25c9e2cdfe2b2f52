import { messages } from "~/content/messages";
import { enhancerHandle } from "~/content/site";
import type { GetProductBody, GetProductResponse } from "~/contracts/catalog";
import { callFunction, FunctionCallError } from "./functions-client";
import { showToast, updateToast } from "./toast";

/**
 * The home page's store connection test (spec §4, §8): a progress message, then the product lookup,
 * then one of four results.
 */
export async function testStoreConnection(): Promise<void> {
  const id = showToast({ ...messages.connection.progress, variant: "progress" });
  let reply: GetProductResponse;
  try {
    ({ data: reply } = await callFunction<GetProductResponse>("shopify-get-product", {
      handle: enhancerHandle,
    } satisfies GetProductBody));
  } catch (error) {
    // No usable answer at all (network down, not JSON): the test itself could not run.
    if (!(error instanceof FunctionCallError)) throw error;
    updateToast(id, { ...messages.connection.testFailed, variant: "destructive" });
    return;
  }
  if (reply.success && reply.product) {
    updateToast(id, { ...messages.connection.found(reply.product.title), variant: "success" });
  } else if (reply.success) {
    updateToast(id, { ...messages.connection.notFound, variant: "default" });
  } else {
    // The server answered: Shopify could not be reached or answered wrongly.
    updateToast(id, { ...messages.connection.failed(reply.error), variant: "destructive" });
  }
}
