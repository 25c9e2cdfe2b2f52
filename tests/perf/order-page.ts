import { SANDBOX_ENHANCER_VARIANT, sandboxCheckoutForm } from "../../scripts/lib/sandbox-checkout";

async function post(url: string, init: { origin: string; json?: unknown; form?: Record<string, string> }) {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: init.origin,
      "content-type": init.json ? "application/json" : "application/x-www-form-urlencoded",
    },
    body: init.json ? JSON.stringify(init.json) : new URLSearchParams(init.form).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status >= 400) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * The order page's address for `npm run perf`: a paid order through the sandbox's checkout by its HTTP
 * API (as tests/e2e/api-purchase.ts does for the specs), then the signed link from its confirmation
 * e-mail in the mail emulator. The page cannot be audited without one: an unknown token is a 404.
 */
export async function paidOrderLink(origin: string): Promise<string> {
  const email = `perf-${Date.now().toString(36)}@example.com`;
  const started = await post(`${origin}/api/hybrid-checkout`, {
    origin,
    json: { products: [{ shopifyVariantId: SANDBOX_ENHANCER_VARIANT, quantity: 1 }] },
  });
  const { checkoutUrl, sessionId } = (await started.json()) as { checkoutUrl: string; sessionId: string };
  const paid = await post(checkoutUrl, {
    origin: new URL(checkoutUrl).origin,
    form: sandboxCheckoutForm(email),
  });
  if (paid.status !== 303) throw new Error(`the emulated checkout answered ${paid.status}, not 303`);
  await post(`${origin}/api/verify-and-send-confirmation`, { origin, json: { sessionId } });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${origin}/__sandbox/mail/messages.json`)).json()) as {
      messages: { to: string[]; text: string | null }[];
    };
    const mail = messages.find((message) => message.to.includes(email));
    const link = /https?:\/\/\S+\/orders\/[\w-]{70}/.exec(mail?.text ?? "")?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("no confirmation e-mail with an order link within 30 s");
}
