/**
 * The browser's half of the passkey ceremonies (decision 116): ask the store for a challenge, hand it
 * to the authenticator through @simplewebauthn/browser, post the answer back. The library is loaded
 * only when a passkey button is pressed, so no other page (and no account page before the press)
 * carries it.
 */
type Reply = { success: boolean; error?: string; [key: string]: unknown };

async function postJson(path: string, body: unknown): Promise<Reply> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = (await response.json().catch(() => null)) as Reply | null;
  if (!response.ok || !reply?.success)
    throw new PasskeyProblem(reply?.error ?? "Something went wrong. Please try again.");
  return reply;
}

/** A failure to say in words: the store's refusal, or the browser's. */
export class PasskeyProblem extends Error {}

/** Whether this browser can use passkeys at all (read after hydration: the server cannot know). */
export const passkeysSupported = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** The authenticator's own refusals: the person closed the prompt, or no passkey of this site is there. */
function browserProblem(error: unknown, cancelled: string): PasskeyProblem {
  if (error instanceof PasskeyProblem) return error;
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return new PasskeyProblem(cancelled);
  if (name === "InvalidStateError")
    return new PasskeyProblem("This device already has a passkey for your account.");
  return new PasskeyProblem("This browser could not use a passkey here. Please try again.");
}

/** Signs in; resolves with where to go next. */
export async function signInWithPasskey(path: string, next: string): Promise<string> {
  try {
    const { startAuthentication } = await import("@simplewebauthn/browser");
    const { options } = await postJson(path, { step: "options" });
    const response = await startAuthentication({ optionsJSON: options as never });
    const reply = await postJson(path, { step: "verify", response, next });
    return String(reply.next);
  } catch (error) {
    throw browserProblem(error, "No passkey was used. Try again, or e-mail yourself a sign-in link.");
  }
}

/** Adds a passkey to the signed-in account; resolves with its name. */
export async function addPasskey(path: string): Promise<string> {
  try {
    const { startRegistration } = await import("@simplewebauthn/browser");
    const { options } = await postJson(path, { step: "options" });
    const response = await startRegistration({ optionsJSON: options as never });
    const reply = await postJson(path, { step: "verify", response });
    return String((reply.passkey as { name?: unknown } | undefined)?.name ?? "");
  } catch (error) {
    throw browserProblem(error, "No passkey was added.");
  }
}
