import { describe, expect, it } from "vitest";
import { isSubresourceAsset, subresourceHeaders } from "../../server/security-headers";

const options = { formActionOrigins: [], development: false, https: true };

describe("headers of the build's scripts, stylesheets and fonts", () => {
  it("keeps nosniff, the resource policy and HSTS, and leaves out what acts on documents", () => {
    const headers = new Map<string, string>();
    subresourceHeaders(options)({ setHeader: (name: string, value: string) => headers.set(name, value) });
    const names = [...headers.keys()].map((name) => name.toLowerCase()).sort();
    expect(names).toEqual([
      "cross-origin-resource-policy",
      "strict-transport-security",
      "x-content-type-options",
    ]);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("applies to hashed scripts, stylesheets and fonts only", () => {
    expect(isSubresourceAsset("/assets/root-AbC123.js")).toBe(true);
    expect(isSubresourceAsset("/assets/app-AbC123.css")).toBe(true);
    expect(isSubresourceAsset("/assets/archivo-AbC123.woff2")).toBe(true);
    // An SVG opened on its own is a document: it keeps the CSP.
    expect(isSubresourceAsset("/assets/bottle-AbC123.svg")).toBe(false);
    expect(isSubresourceAsset("/quiz")).toBe(false);
    expect(isSubresourceAsset("/assets/../server.js")).toBe(false);
    expect(isSubresourceAsset("/images/x.js")).toBe(false);
  });
});
