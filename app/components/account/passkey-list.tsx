import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { formatDay } from "~/shared/dates";
import { addPasskey, PasskeyProblem, passkeysSupported } from "./passkey-ceremony";

export const PASSKEY_REGISTER_PATH = "/account/passkeys/register";

export type ListedPasskey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

const day = formatDay;

/**
 * The signed-in account's passkeys (decision 116): each named by the browser, system and day it was
 * added, with when it was last used and a button that removes it (a plain form: no JavaScript needed).
 * Adding one needs a browser that makes passkeys, so that button appears only once it is known.
 */
export function PasskeyList({ passkeys }: { passkeys: ListedPasskey[] }) {
  return (
    <section
      aria-labelledby="passkeys-heading"
      className="rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
    >
      <h2 id="passkeys-heading" className="text-xl font-bold text-white">
        Passkeys
      </h2>
      <p className="mt-2 text-ink-200">
        A passkey signs you in with your fingerprint, face or screen lock, without an e-mail. It stays on your
        device or in your password manager; we keep only its public key.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-5 text-ink-300">No passkeys yet.</p>
      ) : (
        <ul className="mt-5 divide-y divide-white/10 border-y border-white/10" data-testid="passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-4">
              <div className="min-w-0">
                <p className="font-bold break-words text-white">{passkey.name}</p>
                <p className="mt-1 text-sm text-ink-300">
                  Added {day(passkey.createdAt)} ·{" "}
                  {passkey.lastUsedAt ? `Last used ${day(passkey.lastUsedAt)}` : "Not used yet"}
                </p>
              </div>
              <form method="post">
                <input type="hidden" name="intent" value="remove-passkey" />
                <input type="hidden" name="passkey" value={passkey.id} />
                <button
                  type="submit"
                  aria-label={`Remove passkey ${passkey.name}`}
                  className={buttonClass("ghost", "sm", "underline underline-offset-4")}
                >
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey />
    </section>
  );
}

function AddPasskey() {
  const revalidator = useRevalidator();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "problem"; text: string } | null>(null);
  useEffect(() => setSupported(passkeysSupported()), []);
  if (supported === null) return null;
  if (!supported)
    return (
      <p className="mt-5 text-sm text-ink-300">
        This browser cannot make passkeys; sign-in links still work.
      </p>
    );

  async function add() {
    setBusy(true);
    setMessage(null);
    try {
      const name = await addPasskey(PASSKEY_REGISTER_PATH);
      setMessage({ tone: "success", text: `Passkey added: ${name}. Next time, sign in with it.` });
      await revalidator.revalidate();
    } catch (error) {
      const text = error instanceof PasskeyProblem ? error.message : "Please try again.";
      setMessage({ tone: "problem", text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={add}
        disabled={busy}
        className={buttonClass("primary", "md", "w-full sm:w-auto")}
      >
        {busy ? "Waiting for your device…" : "Add a passkey on this device"}
      </button>
      <p
        role={message?.tone === "problem" ? "alert" : "status"}
        className={`mt-3 text-sm font-bold ${message?.tone === "problem" ? "text-danger-400" : "text-success-400"}`}
      >
        {message?.text}
      </p>
    </div>
  );
}
