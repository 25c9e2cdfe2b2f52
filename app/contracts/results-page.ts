import type { TimelineOrderInput, TimelineQuizInput, TimelineResultInput } from "~/shared/results-timeline";
import type { KitResultFlag, KitResultStatus } from "./kit-results";

/**
 * What the signed-in results page receives (issue 35 item 6): each result in words and figures, the
 * kits still on their way to a result, and the timeline's inputs. Browser-safe; made only by
 * app/server/results/results-page.server.ts.
 */

export type ResultVersionView = {
  version: number;
  status: KitResultStatus;
  /** "412 ng/dL" or "14.3 nmol/L (412 ng/dL)". */
  value: string;
  receivedOn: string;
};

export type ResultView = {
  /** Formatted as printed on the card (`ABCD-EFGH-JKLM`). */
  kitId: string;
  collectedOn: string;
  receivedOn: string;
  deleteOn: string;
  /** The value as the lab gave it ("14.3 nmol/L"), and in ng/dL when it gave nmol/L ("412 ng/dL"). */
  value: string;
  valueNgDl: string | null;
  /** The lab's range in its unit ("264-916 ng/dL", "above 8.6 nmol/L"), or null when it gave none. */
  range: string | null;
  flag: KitResultFlag | null;
  status: KitResultStatus;
  /** Earlier versions the lab corrected or amended, newest first. */
  history: ResultVersionView[];
};

export type KitOnItsWay = { kitId: string; state: "registered" | "sample_received" | "rejected" };

export type ResultsPageView = {
  email: string;
  results: ResultView[];
  kits: KitOnItsWay[];
  timeline: {
    results: TimelineResultInput[];
    orders: TimelineOrderInput[];
    quiz: TimelineQuizInput[];
  };
};
