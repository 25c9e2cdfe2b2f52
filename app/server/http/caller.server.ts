import type { AppLoadContext } from "react-router";
import type { Caller } from "~/server/shopify/lookup.server";

/** Who a request is from, as the services below the edge take it: the client's address and the request id. */
export function callerOf(context: AppLoadContext): Caller {
  return { buyerIp: context.clientIp, requestId: context.requestId };
}
