import express from "express";
import { createDeliveries, type LabLink } from "./deliveries";
import { resultBundle, specimen } from "./fhir";
import { labPage } from "./page";

/**
 * The lab emulator (issue 35 item 5): the sandbox's stand-in for the lab that tests the kits' samples.
 * At /__sandbox/lab an operator types (or scans) the kit ID on a sample, marks it received or rejected,
 * and sends its result, final and then, if wanted, corrected or amended: each delivered to the store's
 * /api/lab/fhir over HTTP as FHIR R4, signed with the lab's secret, exactly as a real lab's
 * integration would (deliveries.ts), with faults to inject: a duplicate delivery, an older version
 * arriving after a newer one, the store down for a while. What a lab would know of a sample (its
 * versions sent) lives in this process's memory only.
 */

export type LabEmulator = {
  /** Mounted at /__sandbox/lab. */
  router: express.Router;
  /** The store's side, given once the store's services are up (server.ts): its secret and the listing. */
  connect(link: LabLink): void;
  close(): Promise<void>;
};

type Sent = { version: number; value: number; unit: "ng/dL" | "nmol/L"; status: string; collectedAt: Date };

const MAX_SAMPLES = 2_000;
const UNITS = ["ng/dL", "nmol/L"] as const;
const STATUSES = ["final", "corrected", "amended"] as const;

/** The kit ID as printed (4-4-4), from whatever the operator typed; null when it cannot be one. */
export function printedKitId(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, "");
  if (!/^[0-9A-Z]{12}$/.test(compact)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
}

export function createLabEmulator(options: { storeEndpoint: string }): LabEmulator {
  let link: LabLink | null = null;
  const deliveries = createDeliveries({ endpoint: options.storeEndpoint, link: () => link });
  /** Per kit, the versions of its report sent so far (the lab's own record). */
  const reports = new Map<string, Sent[]>();
  let accession = 5000;

  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 20 }));
  const field = (req: express.Request, name: string) => {
    const value = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value.trim().slice(0, 60) : "";
  };
  const back = (req: express.Request, res: express.Response, message: string) =>
    res.redirect(303, `${req.baseUrl}?done=${encodeURIComponent(message)}`);

  router.get("/", async (req, res) => {
    let kits: { kitId: string; state: string }[] | null = null;
    try {
      kits = link ? await link.registeredKits() : null;
    } catch {
      kits = null;
    }
    const done = typeof req.query.done === "string" ? req.query.done.slice(0, 200) : null;
    res.setHeader("Cache-Control", "no-store");
    res.type("html").send(
      labPage({
        labName: link?.labName ?? "The lab",
        base: req.baseUrl,
        connected: link !== null,
        kits,
        reports,
        deliveries: deliveries.log(),
        downUntil: deliveries.downUntil(),
        done,
      }),
    );
  });

  router.post("/sample", (req, res) => {
    const kitId = printedKitId(field(req, "kitId"));
    const event = field(req, "event") === "rejected" ? "rejected" : "received";
    if (!kitId) return back(req, res, "Type the 12-character kit ID printed on the sample's card.");
    void deliveries.send(
      event === "received" ? "Sample received" : "Sample rejected (insufficient)",
      kitId,
      specimen(kitId, event),
    );
    back(req, res, `Sample ${kitId} marked ${event}: delivering to the store.`);
  });

  router.post("/result", (req, res) => {
    const kitId = printedKitId(field(req, "kitId"));
    const value = Number(field(req, "value"));
    const unit = UNITS.find((one) => one === field(req, "unit")) ?? "ng/dL";
    const chosen = STATUSES.find((one) => one === field(req, "status")) ?? "final";
    if (!kitId) return back(req, res, "Type the 12-character kit ID printed on the sample's card.");
    if (!Number.isFinite(value) || value < 0 || value > 100_000 || field(req, "value") === "")
      return back(req, res, "Enter the measured value, a number such as 512 or 15.6.");
    const sent = reports.get(kitId) ?? [];
    const previous = sent.at(-1);
    const status = previous ? (chosen === "final" ? "corrected" : chosen) : "final";
    const report: Sent = {
      version: (previous?.version ?? 0) + 1,
      value,
      unit,
      status,
      collectedAt: previous?.collectedAt ?? new Date(Date.now() - 2 * 86_400_000),
    };
    sent.push(report);
    reports.set(kitId, sent);
    if (reports.size > MAX_SAMPLES) reports.delete(reports.keys().next().value as string);
    if (!previous) accession += 1;
    const bundleOf = (one: Sent) =>
      resultBundle({
        kitId,
        reportId: `SBX-${accession}`,
        version: one.version,
        status: one.status as "final",
        value: one.value,
        unit: one.unit,
        collectedAt: one.collectedAt,
      });
    const label = (one: Sent) => `Result v${one.version} (${one.status})`;
    void (async () => {
      await deliveries.send(label(report), kitId, bundleOf(report));
      if (field(req, "duplicate") === "yes")
        await deliveries.send(`${label(report)}, again (duplicate)`, kitId, bundleOf(report));
      if (field(req, "outOfOrder") === "yes" && previous)
        await deliveries.send(`${label(previous)}, late (out of order)`, kitId, bundleOf(previous));
    })();
    back(req, res, `${label(report)} for ${kitId}: delivering to the store.`);
  });

  router.post("/store", (req, res) => {
    const seconds = Math.min(600, Math.max(1, Math.round(Number(field(req, "seconds")) || 30)));
    if (field(req, "action") === "back") {
      deliveries.storeBack();
      return back(req, res, "The store is reachable again: waiting deliveries go at their next retry.");
    }
    deliveries.storeDownFor(seconds * 1000);
    back(req, res, `The store is down for ${seconds} seconds: deliveries are retried with backoff.`);
  });

  return {
    router,
    connect(given) {
      link = given;
    },
    async close() {
      deliveries.close();
    },
  };
}
