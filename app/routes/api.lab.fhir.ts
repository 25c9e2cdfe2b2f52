import { methodNotAllowed } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";
import { webhookAction } from "~/server/http/webhook-action.server";

/**
 * POST /api/lab/fhir: the lab's FHIR R4 deliveries (a result as a Bundle, a sample received or rejected
 * as a Specimen), signed per lab (decision 113), handled by app/server/lab/lab-inbox.server.ts. Every
 * answer is an OperationOutcome; a 2xx tells the lab to stop retrying.
 */
export const loader = methodNotAllowed;

export const action = webhookAction({
  // A report with its observations is a few kilobytes.
  maxBytes: 256 * 1024,
  tooLarge: "The request is too large for a lab report.",
  handler: ({ body, request, context }) =>
    servicesFor(context, "labInbox").labInbox.deliver(body, request.headers),
});
