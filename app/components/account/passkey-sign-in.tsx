import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { PasskeyProblem, passkeysSupported, signInWithPasskey } from "./passkey-ceremony";

export const PASSKEY_SIGN_IN_PATH = "/account/passkeys/sign-in";

/**
 * "Sign in with a passkey", beside the e-mailed link (decision 116). It needs JavaScript and a browser
 * that knows passkeys, so it appears only once the page has hydrated in one; the link's form works
 * without either.
 */
export function PasskeySignIn({ next }: { next: string }) {
  const navigate = useNavigate();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setProblem(null);
    try {
      navigate(await signInWithPasskey(PASSKEY_SIGN_IN_PATH, next), { replace: true });
    } catch (error) {
      setProblem(error instanceof PasskeyProblem ? error.message : "Please try again.");
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="passkey-sign-in-heading"
      className="rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
    >
      <h2 id="passkey-sign-in-heading" className="text-lg font-bold text-white">
        Added a passkey before?
      </h2>
      <p className="mt-1 text-sm text-ink-300">
        Use your fingerprint, face or screen lock instead of waiting for an e-mail.
      </p>
      <button
        type="button"
        onClick={signIn}
        disabled={busy}
        aria-describedby={problem ? "passkey-sign-in-problem" : undefined}
        className={buttonClass("secondary", "md", "mt-5 w-full sm:w-auto")}
      >
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      {problem ? (
        <p id="passkey-sign-in-problem" role="alert" className="mt-3 text-sm font-bold text-danger-400">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
