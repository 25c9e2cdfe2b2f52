/**
 * FHIR R4 OperationOutcome answers to a lab (issue 35 item 4): what a FHIR server says about a request
 * it took or refused, `application/fhir+json`, never cached. A refusal names the problem with the
 * delivery only, nothing about any other kit or result.
 */

export type IssueSeverity = "fatal" | "error" | "warning" | "information";

export type OutcomeIssue = {
  severity: IssueSeverity;
  /** FHIR's IssueType: invalid, structure, required, value, security, login, not-found, conflict, … */
  code: string;
  diagnostics: string;
  expression?: string[];
};

export function operationOutcome(
  status: number,
  issue: OutcomeIssue,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ resourceType: "OperationOutcome", issue: [issue] }), {
    status,
    headers: {
      "Content-Type": "application/fhir+json; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

export const outcomeError = (
  status: number,
  code: string,
  diagnostics: string,
  where?: string,
  headers?: Record<string, string>,
) =>
  operationOutcome(
    status,
    { severity: "error", code, diagnostics, ...(where ? { expression: [where] } : {}) },
    headers,
  );

export const outcomeInformation = (status: number, code: string, diagnostics: string) =>
  operationOutcome(status, { severity: "information", code, diagnostics });
