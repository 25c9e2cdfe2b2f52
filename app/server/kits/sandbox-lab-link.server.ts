import { desc, eq } from "drizzle-orm";
import { testLab } from "~/content/site";
import { kitRegistrations, kits } from "~/server/db/schema";
import type { AppServices } from "~/server/runtime/services.server";

/**
 * What the sandbox's lab emulator gets from the store (server.ts hands it over in this process only,
 * when the emulator stands in for the lab): the lab id and secret the site made for it (site_secrets,
 * decision 113), and the registered kits with their states, the operator's shortcut. No person, date
 * of birth or value: a kit ID and a state. Never reachable over HTTP but through the emulator's page.
 */
export function sandboxLabLink(services: Pick<AppServices, "labIntegrations" | "database">) {
  const [lab] = services.labIntegrations;
  if (!lab) throw new Error("no lab integration to hand the lab emulator");
  return {
    labId: lab.id,
    secret: lab.secret,
    labName: testLab.name,
    registeredKits: () =>
      services.database.db
        .select({ kitId: kits.id, state: kits.state })
        .from(kitRegistrations)
        .innerJoin(kits, eq(kits.id, kitRegistrations.kitId))
        .orderBy(desc(kitRegistrations.createdAt))
        .limit(50),
  };
}
