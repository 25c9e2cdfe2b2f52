import { and, eq, sql } from "drizzle-orm";
import { enhancerBottlesIn } from "~/content/pricing";
import { supply } from "~/content/product";
import type { KitResult, KitResultVersion, ReferenceRange } from "~/contracts/kit-results";
import type { KitOnItsWay, ResultsPageView, ResultView } from "~/contracts/results-page";
import type { Db } from "~/server/db/client.server";
import { orders } from "~/server/db/schema";
import type { Kits } from "~/server/kits/kits.server";
import type { KitResults } from "~/server/kits/results.server";
import type { Quiz } from "~/server/quiz/quiz.server";
import type { CatalogConfig } from "~/server/shopify/catalog-config.server";
import { formatDay } from "~/shared/dates";
import { formatKitId } from "~/shared/kit-id";
import { toNgDl } from "~/shared/testosterone-units";

/**
 * The signed-in results page (issue 35 item 6): the person's results, opened only here and only for
 * their own account, in the words and figures the page shows; the kits still on their way; and the
 * timeline's inputs: the Enhancer their paid orders bought (by the address they sign in with) and the
 * quiz results they saved while signed in.
 */
export interface ResultsPage {
  viewFor(shopper: { shopperId: string; email: string }): Promise<ResultsPageView>;
}

export type ResultsPageDeps = {
  db: Db;
  kitResults: KitResults;
  kits: Kits;
  quiz: Quiz;
  itemOf: CatalogConfig["itemOf"];
};

const formatNumber = (value: number) =>
  value.toLocaleString("en-US", { maximumFractionDigits: value >= 100 ? 0 : 1 });

function valueText(version: Pick<KitResultVersion, "value" | "unit" | "valueNgDl">): string {
  const given = `${formatNumber(version.value)} ${version.unit}`;
  return version.unit === "ng/dL" ? given : `${given} (${formatNumber(version.valueNgDl)} ng/dL)`;
}

function rangeText(range: ReferenceRange | null): string | null {
  if (!range) return null;
  const { low, high, unit } = range;
  if (low !== undefined && high !== undefined) return `${formatNumber(low)}-${formatNumber(high)} ${unit}`;
  if (low !== undefined) return `${formatNumber(low)} ${unit} or more`;
  if (high !== undefined) return `up to ${formatNumber(high)} ${unit}`;
  return null;
}

function resultView(result: KitResult): ResultView {
  return {
    kitId: formatKitId(result.kitId),
    collectedOn: formatDay(result.collectedAt),
    receivedOn: formatDay(result.receivedAt),
    deleteOn: formatDay(result.deleteAfter),
    value: `${formatNumber(result.value)} ${result.unit}`,
    valueNgDl: result.unit === "ng/dL" ? null : `${formatNumber(result.valueNgDl)} ng/dL`,
    range: rangeText(result.referenceRange),
    flag: result.flag,
    status: result.status,
    history: result.history.map((version) => ({
      version: version.version,
      status: version.status,
      value: valueText(version),
      receivedOn: formatDay(version.receivedAt),
    })),
  };
}

function rangeNgDl(range: ReferenceRange | null) {
  if (!range) return null;
  return {
    ...(range.low === undefined ? {} : { low: toNgDl(range.low, range.unit) }),
    ...(range.high === undefined ? {} : { high: toNgDl(range.high, range.unit) }),
  };
}

export function createResultsPage(deps: ResultsPageDeps): ResultsPage {
  const { db, kitResults, kits, quiz, itemOf } = deps;

  /** Paid orders of the address, not refunded in full, with the days of Enhancer each bought. */
  async function supplyOrders(email: string) {
    const rows = await db
      .select({ createdAt: orders.createdAt, lines: orders.lines })
      .from(orders)
      .where(
        and(
          sql`lower(${orders.email}) = ${email.toLowerCase()}`,
          eq(orders.paymentStatus, "paid"),
          sql`${orders.amountRefunded} < ${orders.amountTotal}`,
        ),
      );
    return rows.map((row) => ({
      orderedAt: row.createdAt.toISOString(),
      supplyDays:
        supply.days *
        row.lines.reduce((bottles, line) => {
          const item = itemOf(line.variantId);
          return bottles + (item ? enhancerBottlesIn(item) * line.quantity : 0);
        }, 0),
    }));
  }

  return {
    async viewFor(shopper) {
      const [results, registered, saved, bought] = await Promise.all([
        kitResults.resultsFor(shopper.shopperId),
        kits.registeredBy(shopper.shopperId),
        quiz.savedFor(shopper.shopperId),
        supplyOrders(shopper.email),
      ]);
      const waiting = registered.flatMap((kit): KitOnItsWay[] =>
        kit.state === "registered" || kit.state === "sample_received" || kit.state === "rejected"
          ? [{ kitId: formatKitId(kit.kitId), state: kit.state }]
          : [],
      );
      return {
        email: shopper.email,
        results: results.map(resultView),
        kits: waiting,
        timeline: {
          results: results.map((result) => ({
            kitId: formatKitId(result.kitId),
            collectedAt: result.collectedAt.toISOString(),
            valueNgDl: result.valueNgDl,
            flag: result.flag,
            rangeNgDl: rangeNgDl(result.referenceRange),
          })),
          orders: bought,
          quiz: saved.map((entry) => ({
            savedAt: entry.savedAt.toISOString(),
            outcome: entry.outcome.heading,
          })),
        },
      };
    },
  };
}
