import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import type { FieldErrors, SupportFormResult } from "~/contracts/support";

/**
 * What a support page's form needs from its action's answer: the outcome, the values to show again,
 * the field errors, whether a post is under way, and the element that takes the focus once an answer
 * arrives with JavaScript (without it, the page loads anew and the summary is read first).
 */
export function useSupportForm(actionData: unknown) {
  const result = actionData as SupportFormResult | undefined;
  const busy = useNavigation().state === "submitting";
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) noticeRef.current?.focus();
  }, [result]);
  const values: Record<string, string> = result && result.status !== "sent" ? result.values : {};
  const errors: FieldErrors = result?.status === "invalid" ? result.errors : {};
  return { result, busy, noticeRef, values, errors };
}
