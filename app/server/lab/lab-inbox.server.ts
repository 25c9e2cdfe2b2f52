import type { KitResults, RecordOutcome } from "~/server/kits/results.server";
import type { SampleEvents, SampleOutcome } from "~/server/kits/sample-events.server";
import type { Logger } from "~/server/runtime/logger.server";
import { readLabMessage } from "./fhir-input.server";
import { type LabIntegration, verifyLabDelivery } from "./lab-auth.server";
import { outcomeError, outcomeInformation } from "./operation-outcome.server";

/**
 * The lab's deliveries (issue 35 item 4, decision 113): POST /api/lab/fhir, a FHIR R4 Bundle (a
 * result) or Specimen (a sample received or rejected), signed by a configured lab. Every answer is a
 * FHIR OperationOutcome: 201 when something new was recorded, 200 when it was already (a duplicate),
 * 4xx naming the problem with this delivery only. Nothing about a result's value is logged.
 */

export interface LabInbox {
  deliver(body: string, headers: Headers): Promise<Response>;
}

export type LabInboxDeps = {
  labs: readonly LabIntegration[];
  results: KitResults;
  samples: SampleEvents;
  logger: Logger;
  now?: () => Date;
};

const NOT_FOUND = "No registered kit has this ID.";

function answerOfSample(outcome: SampleOutcome): Response {
  switch (outcome.kind) {
    case "recorded":
      return outcomeInformation(201, "informational", "Recorded.");
    case "duplicate":
      return outcomeInformation(200, "duplicate", "Already recorded: nothing changed.");
    case "unknown_kit":
      return outcomeError(404, "not-found", NOT_FOUND, "Specimen.identifier");
    case "conflict":
      return outcomeError(409, "conflict", `The kit's sample is past this step (${outcome.state}).`);
  }
}

function answerOfResult(outcome: RecordOutcome): Response {
  switch (outcome.kind) {
    case "recorded":
      return outcomeInformation(
        201,
        "informational",
        outcome.current ? "Recorded." : "Recorded as an earlier version: a later one stands.",
      );
    case "duplicate":
      return outcomeInformation(200, "duplicate", "This version was already received: nothing changed.");
    case "deleted":
      return outcomeInformation(200, "informational", "Not stored: this result is no longer kept.");
    case "unknown_kit":
      return outcomeError(404, "not-found", NOT_FOUND, "DiagnosticReport.specimen.identifier");
    case "rejected_kit":
      return outcomeError(409, "conflict", "The kit's sample was rejected: no result can follow it.");
  }
}

export function createLabInbox(deps: LabInboxDeps): LabInbox {
  const { logger } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async deliver(body, headers) {
      const lab = verifyLabDelivery(deps.labs, headers, body, now().getTime());
      if (!lab) {
        logger.warn("lab delivery refused: not signed by a configured lab");
        return outcomeError(401, "login", "The delivery is not signed by a configured lab.", undefined, {
          "WWW-Authenticate": 'Signature realm="lab"',
        });
      }
      const type = (headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "application/fhir+json" && type !== "application/json")
        return outcomeError(415, "not-supported", "Send application/fhir+json.");
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return outcomeError(400, "structure", "The body is not JSON.");
      }
      const read = readLabMessage(json);
      if (!read.ok) {
        logger.info({ lab: lab.id, problem: read.problem.code }, "lab delivery refused: malformed");
        return outcomeError(
          read.problem.code === "not-supported" ? 422 : 400,
          read.problem.code,
          read.problem.message,
          read.problem.where,
        );
      }
      const { message } = read;
      if (message.kind === "specimen") {
        const outcome =
          message.event === "received"
            ? await deps.samples.received(message.kitId, message.at)
            : await deps.samples.rejected(message.kitId);
        return answerOfSample(outcome);
      }
      const { kind: _kind, ...report } = message;
      return answerOfResult(await deps.results.recordReport({ ...report, labId: lab.id }));
    },
  };
}
