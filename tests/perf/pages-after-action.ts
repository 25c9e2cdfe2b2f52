import { SANDBOX_ENHANCER_VARIANT, sandboxCheckoutForm } from "../../scripts/lib/sandbox-checkout";
import { planAnswers } from "../support/quiz-answers";

/**
 * The pages `npm run perf` can only audit once a visitor has done something (issue 39 item 1: "this
 * round's new pages"), made through the sandbox by HTTP as a visitor's browser would:
 * - an order page (/orders/:token), at the signed link of its confirmation e-mail (an unknown token is
 *   a 404);
 * - a quiz result (/results/quiz/:token), at the address the finished quiz redirects to;
 * - a subscriber's pages (/account, /account/subscription), signed in by the e-mailed link, with the
 *   session's cookie for Lighthouse to send.
 */

type Form = Record<string, string>;

async function post(url: string, origin: string, body: { form?: Form; json?: unknown }) {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin,
      "content-type": body.json ? "application/json" : "application/x-www-form-urlencoded",
    },
    body: body.json ? JSON.stringify(body.json) : new URLSearchParams(body.form).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status >= 400) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Polls the sandbox's mail for the newest match of `pattern` in a message to `email` (30 s at most). */
async function mailed(origin: string, email: string, pattern: RegExp, skip = new Set<string>()) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${origin}/__sandbox/mail/messages.json`)).json()) as {
      messages: { to: string[]; text: string | null }[];
    };
    for (const message of messages) {
      if (!message.to.includes(email)) continue;
      const found = pattern.exec(message.text ?? "")?.[0];
      if (found && !skip.has(found)) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${email} matching ${pattern} within 30 s`);
}

/** A paid order's page: the sandbox's checkout by its HTTP API, then the link its e-mail carries. */
export async function paidOrderLink(origin: string): Promise<string> {
  const email = `perf-${Date.now().toString(36)}@example.com`;
  const started = await post(`${origin}/api/hybrid-checkout`, origin, {
    json: { products: [{ shopifyVariantId: SANDBOX_ENHANCER_VARIANT, quantity: 1 }] },
  });
  const { checkoutUrl, sessionId } = (await started.json()) as { checkoutUrl: string; sessionId: string };
  const paid = await post(checkoutUrl, new URL(checkoutUrl).origin, { form: sandboxCheckoutForm(email) });
  if (paid.status !== 303) throw new Error(`the emulated checkout answered ${paid.status}, not 303`);
  await post(`${origin}/api/verify-and-send-confirmation`, origin, { json: { sessionId } });
  return mailed(origin, email, /https?:\/\/\S+\/orders\/[\w-]{70}/);
}

/** A finished quiz's result page: the path the quiz's last step redirects to. */
export async function quizResultUrl(origin: string): Promise<string> {
  const finished = await post(`${origin}/quiz`, origin, { form: { ...planAnswers, intent: "finish" } });
  const location = finished.headers.get("location");
  if (!location?.startsWith("/results/quiz/")) throw new Error(`the quiz redirected to ${location}`);
  return `${origin}${location}`;
}

/**
 * A subscriber (subscribed and paid on the sandbox's Stripe page, the first order confirmed), signed in
 * by the e-mailed link: the session's cookie.
 */
export async function subscriberCookie(origin: string): Promise<string> {
  const email = `perf-subscriber-${Date.now().toString(36)}@example.com`;
  const started = await post(`${origin}/api/subscribe`, origin, {
    json: { quantity: 1, weeksOn: 8, weeksOff: 2 },
  });
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
  const paid = await post(checkoutUrl, new URL(checkoutUrl).origin, { form: sandboxCheckoutForm(email) });
  if (paid.status !== 303) throw new Error(`the emulated checkout answered ${paid.status}, not 303`);
  // The first order is made from Stripe's events: its confirmation says the subscription is known.
  await mailed(origin, email, /\/orders\/[\w-]{70}/);
  await post(`${origin}/account`, origin, { form: { email } });
  const link = await mailed(origin, email, /https?:\/\/\S+\/account\/sign-in\?token=[\w-]+/);
  const signedIn = await post(link, origin, { form: {} });
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie) throw new Error(`signing in answered ${signedIn.status} with no session cookie`);
  return cookie;
}
