import { describe, expect, it } from "vitest";
import { company, storeIdentity, support } from "~/content/site";
import { sandboxIdentity, storeIdentityFrom } from "~/content/store-identity";
import { identityIssues, parseEnv } from "~/server/runtime/env.server";

/**
 * Issue 32 item 11: who sells comes from settings read at build; without them, the sandbox's identity is
 * plainly fictional; a live key refuses it, and a start with settings other than the build's is refused,
 * each naming the setting (decision 094).
 */
const real = {
  COMPANY_LEGAL_NAME: "Forge Nutrition LLC",
  COMPANY_ADDRESS: "100 Main Street, Austin, TX 78701, United States",
  COMPANY_GOVERNING_STATE: "Texas",
  SUPPORT_EMAIL: "Help@Forge-Nutrition.com",
};
const LIVE = {
  STRIPE_SECRET_KEY: "sk_live_abc123",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  SMTP_URL: "smtp://mail.example.net:587",
  SITE_SECRET: "x".repeat(40),
  SHOPIFY_STORE_DOMAIN: "forge.myshopify.com",
  SHOPIFY_STOREFRONT_TOKEN: "shpat_0123456789",
  MAIL_FROM: "Forge <orders@forge-nutrition.com>",
};
const refusal = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  return "";
};

describe("the store's identity at build", () => {
  it("is the sandbox's, fictional and free of placeholders, with no setting", () => {
    const read = storeIdentityFrom({});
    expect(read).toEqual({ identity: sandboxIdentity });
    expect(sandboxIdentity.fictional).toBe(true);
    for (const value of [
      sandboxIdentity.legalName,
      sandboxIdentity.postalAddress,
      sandboxIdentity.supportEmail,
    ]) {
      expect(value).not.toContain("[");
      expect(value).not.toContain("forge.example");
    }
    // What the pages show outside a build (tests) is the sandbox's, as a default build's is.
    expect(storeIdentity).toEqual(sandboxIdentity);
    expect(company.legalName).toBe(sandboxIdentity.legalName);
    expect(support.email).toBe(sandboxIdentity.supportEmail);
  });

  it("is the company's when all four are set (the address's domain in lower case)", () => {
    expect(storeIdentityFrom(real)).toEqual({
      identity: {
        legalName: "Forge Nutrition LLC",
        postalAddress: "100 Main Street, Austin, TX 78701, United States",
        governingState: "Texas",
        supportEmail: "Help@forge-nutrition.com",
        fictional: false,
      },
    });
  });

  it("names each setting missing, still a placeholder, or not an address", () => {
    expect(storeIdentityFrom({ COMPANY_LEGAL_NAME: "Forge Nutrition LLC" })).toEqual({
      problems: [
        expect.objectContaining({ variable: "COMPANY_ADDRESS" }),
        expect.objectContaining({ variable: "COMPANY_GOVERNING_STATE" }),
        expect.objectContaining({ variable: "SUPPORT_EMAIL" }),
      ],
    });
    expect(
      storeIdentityFrom({
        ...real,
        COMPANY_LEGAL_NAME: "[Company legal name]",
        SUPPORT_EMAIL: "support@forge.example",
      }),
    ).toEqual({
      problems: [
        { variable: "COMPANY_LEGAL_NAME", message: "is still a placeholder" },
        { variable: "SUPPORT_EMAIL", message: "is still a placeholder" },
      ],
    });
    expect(storeIdentityFrom({ ...real, SUPPORT_EMAIL: "help at forge" })).toEqual({
      problems: [{ variable: "SUPPORT_EMAIL", message: "must be an e-mail address" }],
    });
  });
});

describe("the server's start against the build's identity", () => {
  it("refuses a live key while the build shows the sandbox's fictional company, naming each setting", () => {
    const message = refusal(LIVE);
    for (const variable of [
      "COMPANY_LEGAL_NAME",
      "COMPANY_ADDRESS",
      "COMPANY_GOVERNING_STATE",
      "SUPPORT_EMAIL",
    ])
      expect(message).toContain(`${variable} is required when STRIPE_SECRET_KEY is a live key`);
  });

  it("refuses a live key with the sandbox's sender address, naming MAIL_FROM", () => {
    const { MAIL_FROM: _, ...withoutSender } = LIVE;
    expect(refusal(withoutSender)).toContain("MAIL_FROM must be your own sender address");
    expect(refusal(LIVE)).not.toContain("MAIL_FROM");
  });

  it("refuses settings other than the build's, and accepts the build's own", () => {
    const built = { ...(storeIdentityFrom(real) as { identity: typeof sandboxIdentity }).identity };
    expect(identityIssues({ COMPANY_LEGAL_NAME: "Another LLC" }, built, true)).toEqual([
      { variable: "COMPANY_LEGAL_NAME", message: expect.stringContaining('"Forge Nutrition LLC"') },
    ]);
    expect(identityIssues(real, built, true)).toEqual([]);
    expect(identityIssues({}, built, true)).toEqual([]);
    // A sandbox build started with a company's settings: the pages would not show them.
    expect(refusal({ COMPANY_LEGAL_NAME: "Forge Nutrition LLC" })).toContain(
      "COMPANY_LEGAL_NAME is set, but this build was made without it",
    );
  });

  it("starts the sandbox as before", () => {
    expect(() => parseEnv({})).not.toThrow();
  });
});
