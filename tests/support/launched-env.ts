import type { StoreIdentity } from "~/content/store-identity";
import { parseEnv } from "~/server/runtime/env.server";

/** A build made with the company's own details: the sandbox's fictional one is refused with a live key. */
export const launchedIdentity: StoreIdentity = {
  legalName: "Forge Nutrition LLC",
  postalAddress: "100 Main Street, Austin, TX 78701, United States",
  governingState: "Texas",
  supportEmail: "support@forge-nutrition.com",
  fictional: false,
};

/**
 * The environment as a launched store's build reads it, with its own sender: for tests of the other
 * start rules (the identity rules of decision 094 have their own tests).
 */
export const parseLaunchedEnv = (source: Record<string, string | undefined>) =>
  parseEnv({ MAIL_FROM: "Forge <orders@forge-nutrition.com>", ...source }, launchedIdentity);
