import type { VerifyBody } from "~/contracts/order-confirmation";
import { confirmationEmailOf, type OrderView, type VerifyConfirmationResponse } from "~/contracts/order-view";
import { callFunction, FunctionCallError } from "./functions-client";

/**
 * The payment-success page's confirmation (spec §4): the e-mail status goes none → sending → sent or
 * error. It is asked for once per session id per page lifetime (a re-render, React's development
 * double effects or a remount never repeat it); while the server reports the e-mail queued but not yet
 * sent, it asks again a few times before calling it an error.
 */
export type EmailStatus = "none" | "sending" | "sent" | "error";

export type ConfirmationState = {
  emailStatus: EmailStatus;
  email: string | null;
  message: string | null;
  order: OrderView | null;
  /** Why there is no order to show (unpaid, expired, unknown session), in the server's words. */
  problem: string | null;
};

const INITIAL: ConfirmationState = {
  emailStatus: "none",
  email: null,
  message: null,
  order: null,
  problem: null,
};
const RETRIES_WHILE_QUEUED = 6;
const RETRY_DELAY_MS = 2_500;

const states = new Map<string, ConfirmationState>();
const listeners = new Map<string, Set<() => void>>();

export function confirmationState(sessionId: string): ConfirmationState {
  return states.get(sessionId) ?? INITIAL;
}

export function subscribeConfirmation(sessionId: string, listener: () => void): () => void {
  const set = listeners.get(sessionId) ?? new Set();
  set.add(listener);
  listeners.set(sessionId, set);
  return () => set.delete(listener);
}

function set(sessionId: string, next: Partial<ConfirmationState>) {
  states.set(sessionId, { ...confirmationState(sessionId), ...next });
  for (const listener of listeners.get(sessionId) ?? []) listener();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the confirmation for this session unless it already started. Returns whether it started. */
export function startConfirmation(sessionId: string, onEmailError: () => void): boolean {
  if (states.has(sessionId)) return false;
  set(sessionId, { emailStatus: "sending" });
  void (async () => {
    for (let attempt = 0; ; attempt++) {
      let reply: VerifyConfirmationResponse | null = null;
      try {
        ({ data: reply } = await callFunction<VerifyConfirmationResponse>("verify-and-send-confirmation", {
          sessionId,
        } satisfies VerifyBody));
      } catch (error) {
        reply = null;
        if (!(error instanceof FunctionCallError)) throw error;
      }
      if (reply?.success === true) {
        set(sessionId, { email: reply.email, message: reply.message, order: reply.order });
        if (confirmationEmailOf(reply) === "sent") {
          set(sessionId, { emailStatus: "sent" });
          return;
        }
        if (attempt < RETRIES_WHILE_QUEUED) {
          await wait(RETRY_DELAY_MS);
          continue;
        }
      } else if (reply && confirmationEmailOf(reply) === null) {
        // Nothing to e-mail about: the session is unpaid, expired or unknown.
        set(sessionId, {
          emailStatus: "none",
          problem: reply.message,
          email: reply.email,
          order: reply.order ?? null,
        });
        return;
      } else if (reply) {
        set(sessionId, { email: reply.email, order: reply.order ?? null, message: reply.message });
      }
      set(sessionId, { emailStatus: "error" });
      onEmailError();
      return;
    }
  })();
  return true;
}
