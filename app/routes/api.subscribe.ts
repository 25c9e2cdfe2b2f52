import { apiAction } from "~/server/http/api-action.server";
import { methodNotAllowed } from "~/server/http/failures.server";
import { cancelUrlFor } from "~/server/http/return-url.server";
import { servicesFor } from "~/server/http/route-services.server";
import { subscribeInput } from "~/server/subscriptions/subscribe.server";

/**
 * POST /api/subscribe (issue 36, decision 130). JSON `{quantity, weeksOn, weeksOff}` → `{success,
 * checkoutUrl, sessionId}`: the Enhancer on Shopify's selling plan (its price only), at Stripe
 * Checkout in subscription mode; refused (400) when Shopify has no selling plan the site can keep.
 */
export const loader = methodNotAllowed;

export const action = apiAction({
  rateLimit: "subscribe",
  checkOrigin: true,
  input: subscribeInput.strict(),
  async handler({ input, request, context }) {
    const { subscribe, env } = servicesFor(context, "subscribe", "env");
    const started = await subscribe.start({
      ...input,
      cancelUrl: cancelUrlFor(request, env.PUBLIC_SITE_URL),
      requestKey: `${context.clientIp} ${context.requestId}`,
      buyerIp: context.clientIp,
    });
    return { success: true, checkoutUrl: started.checkoutUrl, sessionId: started.sessionId };
  },
});
