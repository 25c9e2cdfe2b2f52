import { describe, expect, it } from "vitest";
import { nextNonce, securityHeaderSet, securityHeaders } from "../../server/security-headers";

const options = { formActionOrigins: ["http://127.0.0.1:9999"], development: false, https: true };

function respond() {
  const headers = new Map<string, string>();
  const nonce = securityHeaders(options)({ setHeader: (n: string, v: string) => headers.set(n, v) });
  return { headers, nonce };
}

describe("security headers", () => {
  it("gives every response its own nonce, in its CSP", () => {
    const first = respond();
    const second = respond();
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.headers.get("Content-Security-Policy")).toContain(
      `script-src 'self' 'nonce-${first.nonce}'`,
    );
    expect(second.headers.get("Content-Security-Policy")).toContain(`'nonce-${second.nonce}'`);
  });

  it("sends helmet's headers with this site's policy", () => {
    const { headers } = respond();
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin-allow-popups");
    expect(headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
    const csp = headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com http://127.0.0.1:9999");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
  });

  it("holds the scripts' source exactly once in the policy", () => {
    const { csp } = securityHeaderSet({ ...options, https: false });
    expect(csp.before).toMatch(/script-src 'self' $/);
    expect(csp.after.startsWith(";")).toBe(true);
    expect(`${csp.before}${csp.after}`).not.toContain("upgrade-insecure-requests");
  });

  it("allows a page of fixed bytes its scripts by hash alone, with no nonce", () => {
    const headers = new Map<string, string>();
    const set = securityHeaders(options);
    const returned = set({ setHeader: (n: string, v: string) => headers.set(n, v) }, [
      "aGFzaDE=",
      "aGFzaDI=",
    ]);
    expect(returned).toBe("");
    const csp = headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("script-src 'self' 'sha256-aGFzaDE=' 'sha256-aGFzaDI=';script-src-attr 'none'");
    expect(csp).not.toContain("nonce");
    set({ setHeader: (n: string, v: string) => headers.set(n, v) }, []);
    expect(headers.get("Content-Security-Policy")).toContain("script-src 'self';script-src-attr 'none'");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("draws nonces of 16 random bytes that do not repeat", () => {
    const nonces = Array.from({ length: 2_000 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces.slice(0, 300)) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
