import type express from "express";

/**
 * The emulators' test hooks (the Shopify emulator's `/__control`: queue faults, read its call log,
 * reset its store) change what every visitor of an emulated site sees, so they exist only where a test
 * or a developer drives the emulators (decision 064):
 *
 * - in a server's in-process sandbox only with `SANDBOX_TEST_HOOKS=1`, which the test harness sets
 *   (scripts/lib/server-process.ts, playwright.config.ts) and nothing else should: a plain
 *   `npm start` does not mount them, so no proxy in front of it can reach them;
 * - with `npm run emulators` (sandbox/standalone.ts), whose emulators listen on loopback ports of
 *   their own;
 * - never otherwise: `createShopifyEmulator()` and `startShopifyEmulator()` leave them out unless
 *   asked, and a test in the same process drives the emulator through its methods instead.
 *
 * Where mounted, they answer only a connection from this machine, judged by the socket's own peer
 * address. No header is read: `X-Forwarded-For`, `Forwarded` and the like are whatever the client
 * wrote, so they can neither grant access nor be relied on to refuse it (a proxy on this machine need
 * not add them). Not mounting is the guard; the socket check keeps other machines out where they are.
 */

/** The variable that mounts the hooks in a server's sandbox (tests only). */
export const TEST_HOOKS_VARIABLE = "SANDBOX_TEST_HOOKS";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket reports ::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return address === "::1" || /^127(\.\d{1,3}){3}$/.test(ipv4);
}

/** Lets through only requests whose connection comes from this machine; 403 otherwise. */
export const loopbackSocketOnly: express.RequestHandler = (req, res, next) => {
  if (!isLoopbackAddress(req.socket.remoteAddress)) {
    res.status(403).json({ error: "the emulator's test hooks answer connections from this machine only" });
    return;
  }
  next();
};
