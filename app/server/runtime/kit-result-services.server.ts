import type { Db } from "~/server/db/client.server";
import type { HealthDataCipher } from "~/server/health-data/cipher.server";
import { createResultRetention, type ResultRetention } from "~/server/kits/result-retention.server";
import { createKitResults, type KitResults } from "~/server/kits/results.server";
import { createSampleEvents } from "~/server/kits/sample-events.server";
import type { LabIntegration } from "~/server/lab/lab-auth.server";
import { createLabInbox, type LabInbox } from "~/server/lab/lab-inbox.server";
import { resolveLabIntegrations } from "~/server/lab/lab-keys.server";
import type { Outbox } from "~/server/mail/outbox.server";
import type { ShopifySync } from "~/server/orders/shopify-sync.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

/** The kit results' services (issue 35 items 4 and 7), assembled for services.server.ts. */
export type KitResultServices = {
  /** A shopper's results, opened; "delete sooner" (app/server/kits/results.server.ts). */
  kitResults: KitResults;
  /** The labs' FHIR deliveries (app/server/lab). */
  labInbox: LabInbox;
  /** The labs that may deliver (the sandbox's lab emulator signs with the first, made by the site). */
  labIntegrations: readonly LabIntegration[];
  /** Deletes results 12 months after they arrive, with an e-mail 30 days before. */
  resultRetention: ResultRetention;
};

export async function createKitResultServices(deps: {
  env: Env;
  db: Db;
  logger: Logger;
  healthData: HealthDataCipher;
  outbox: Outbox;
  shopifySync: ShopifySync;
  /** The test kit's variant: what a replacement kit is ordered as. */
  testKitVariantId: string;
}): Promise<KitResultServices> {
  const { env, db, logger, healthData, outbox } = deps;
  const siteUrl = env.PUBLIC_SITE_URL;
  const kitResults = createKitResults({ db, healthData, outbox, logger, siteUrl });
  const samples = createSampleEvents({
    db,
    outbox,
    shopifySync: deps.shopifySync,
    logger,
    siteUrl,
    replacementVariantId: deps.testKitVariantId,
  });
  const labIntegrations = await resolveLabIntegrations(db, env.LAB_INTEGRATIONS);
  return {
    kitResults,
    labInbox: createLabInbox({ labs: labIntegrations, results: kitResults, samples, logger }),
    labIntegrations,
    resultRetention: createResultRetention({
      db,
      outbox,
      logger,
      siteUrl,
      pollIntervalMs: env.KIT_RESULT_RETENTION_POLL_SECONDS * 1000,
    }),
  };
}
