import type { InProcessEmulators } from "~/server/shopify/catalog-config.server";

/**
 * The back office in the sandbox (issue 32 item 16): with no ADMIN_EMAILS, and every outside system
 * emulated in this process (Shopify, Stripe and mail: nothing real to act on, and every e-mail lands in
 * the mail sandbox at /__sandbox/mail, open to whoever runs it), this made-up address may sign in, and
 * the sign-in page names it. With ADMIN_EMAILS, or any real system, no one but ADMIN_EMAILS may.
 */
export const SANDBOX_OPERATOR_EMAIL = "operator@sandbox.forge.test";

export function sandboxOperatorFor(
  adminEmails: readonly string[],
  inProcessEmulators: InProcessEmulators,
): string | null {
  const wholeSandbox = ["shopify", "stripe", "mail"].every((system) => inProcessEmulators.includes(system));
  return adminEmails.length === 0 && wholeSandbox ? SANDBOX_OPERATOR_EMAIL : null;
}
