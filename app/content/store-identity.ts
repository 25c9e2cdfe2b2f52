import { normalizeEmailAddress } from "../contracts/email-address";

/**
 * Who sells, and where shoppers write: settings read at build, as PUBLIC_SITE_URL is, because the
 * prerendered pages (contact, about, the legal pages) carry them in their HTML (vite.config.ts writes
 * them into the build; site.ts reads them). All four are set, or none: with none the build shows the
 * sandbox's identity, which is fictional and says so on every page that shows it, and the server refuses
 * to take real payments with it (app/server/runtime/env.server.ts; decision 094). Relative imports only:
 * vite.config.ts loads this file before any alias exists.
 */
export type StoreIdentity = {
  legalName: string;
  postalAddress: string;
  /** The US state whose law governs the terms of sale. */
  governingState: string;
  /** Receives contact messages and guarantee requests; shown wherever the site says how to reach us. */
  supportEmail: string;
  /** True for the sandbox's made-up identity (no setting given at build). */
  fictional: boolean;
};

/** Each identity field and the setting it is read from. */
export const identitySettings = {
  legalName: "COMPANY_LEGAL_NAME",
  postalAddress: "COMPANY_ADDRESS",
  governingState: "COMPANY_GOVERNING_STATE",
  supportEmail: "SUPPORT_EMAIL",
} as const;

export type IdentityField = keyof typeof identitySettings;
export type IdentitySetting = (typeof identitySettings)[IdentityField];
export const identityFields = Object.keys(identitySettings) as IdentityField[];

/** What the sandbox shows: plainly made up (no such state, ZIP or domain), and labelled on the page. */
export const sandboxIdentity: StoreIdentity = {
  legalName: "Forge Sandbox Company",
  postalAddress: "1 Sandbox Way, Nowhere, XX 00000, United States",
  governingState: "Sandbox (a fictional state)",
  supportEmail: "support@sandbox.forge.test",
  fictional: true,
};

/** The label beside the sandbox identity wherever a page shows it. */
export const sandboxIdentityLabel = "Sandbox identity: fictional";

/**
 * A value still holding a placeholder: bracketed text, or an address at a domain that cannot receive
 * mail (example.*, a .test name), an angle-bracketed sender's included.
 */
export function isPlaceholder(value: string): boolean {
  return /^\[.*\]$/.test(value.trim()) || /@([a-z0-9-]+\.)*(example(\.[a-z]+)?|test)>?$/i.test(value.trim());
}

export type IdentityProblem = { variable: IdentitySetting; message: string };

/**
 * The identity the settings give: the sandbox's when none is set; all four otherwise, each a real value
 * (no placeholder, the support address a real address). Anything else is a list of problems, each
 * naming its setting.
 */
export function storeIdentityFrom(
  source: Record<string, string | undefined>,
): { identity: StoreIdentity } | { problems: IdentityProblem[] } {
  const given = Object.fromEntries(
    identityFields.map((field) => [field, source[identitySettings[field]]?.trim() || undefined]),
  ) as Record<IdentityField, string | undefined>;
  if (identityFields.every((field) => given[field] === undefined)) return { identity: sandboxIdentity };
  const problems: IdentityProblem[] = [];
  const setNames = identityFields.filter((field) => given[field]).map((field) => identitySettings[field]);
  for (const field of identityFields) {
    const variable = identitySettings[field];
    const value = given[field];
    if (value === undefined)
      problems.push({
        variable,
        message: `is required when ${setNames.join(", ")} is set (all four, or none)`,
      });
    else if (isPlaceholder(value)) problems.push({ variable, message: "is still a placeholder" });
    else if (field === "supportEmail" && normalizeEmailAddress(value) === null)
      problems.push({ variable, message: "must be an e-mail address" });
  }
  if (problems.length > 0) return { problems };
  const real = given as Record<IdentityField, string>;
  return {
    identity: {
      ...real,
      supportEmail: normalizeEmailAddress(real.supportEmail) ?? real.supportEmail,
      fictional: false,
    },
  };
}
