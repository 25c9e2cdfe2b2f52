import { type FormEvent, useEffect, useId, useState } from "react";
import { buttonClass } from "~/components/ui/button-link";
import { variantOverrideKeys } from "~/content/catalog";
import { messages } from "~/content/messages";
import { variantToastTopic } from "~/lib/checkout-flow";
import { ADMIN_TOKEN_SESSION_KEY, createTestProduct, testProductInput } from "~/lib/test-product";
import { showToast } from "~/lib/toast";
import { saveTestProductVariantId } from "~/lib/variant-ids";
import { BuyButton } from "./buy-button";

type CreateState = "idle" | "creating" | "needs-token";

const TOAST_TOPIC = variantToastTopic("test_item");

/**
 * The developer test page's two steps: create the 50-cent product in Shopify (asking for the admin
 * token when the server requires it), then buy it through the same checkout as every other item.
 */
export function TestProductPanel() {
  const tokenFieldId = useId();
  const [state, setState] = useState<CreateState>("idle");
  const [savedId, setSavedId] = useState<string | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const sample = testProductInput(0);

  useEffect(() => {
    const key = variantOverrideKeys.test_item;
    setSavedId(key ? window.localStorage.getItem(key) : null);
  }, []);

  const create = async (token: string | null) => {
    setState("creating");
    setTokenError(null);
    const result = await createTestProduct(token);
    if (result.kind === "created") {
      saveTestProductVariantId(result.variantId);
      setSavedId(result.variantId);
      setState("idle");
      showToast({
        title: "Test product created",
        description: `Saved variant ${result.variantId}.`,
        variant: "success",
        topic: TOAST_TOPIC,
      });
      return;
    }
    if (result.kind === "token-required") {
      if (token) {
        window.sessionStorage.removeItem(ADMIN_TOKEN_SESSION_KEY);
        setTokenError(result.error);
      }
      setState("needs-token");
      return;
    }
    setState("idle");
    showToast({ ...messages.testProduct.createFailed, variant: "destructive", topic: TOAST_TOPIC });
  };

  const onCreate = () => void create(window.sessionStorage.getItem(ADMIN_TOKEN_SESSION_KEY));
  const onToken = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = String(new FormData(event.currentTarget).get("token") ?? "").trim();
    if (!token) {
      setTokenError("Enter the admin API token.");
      return;
    }
    window.sessionStorage.setItem(ADMIN_TOKEN_SESSION_KEY, token);
    void create(token);
  };

  return (
    <div className="container-page grid gap-6 py-14 md:grid-cols-2">
      <section
        aria-labelledby="create-heading"
        className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
      >
        <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400">Step 1</p>
        <h2 id="create-heading" className="mt-2 text-2xl font-black text-white">
          Create the test product
        </h2>
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-ink-300">Title</dt>
          <dd className="text-white">{sample.title}</dd>
          <dt className="text-ink-300">Price</dt>
          <dd className="text-white">$0.50 {sample.currency}</dd>
          <dt className="text-ink-300">SKU</dt>
          <dd className="font-mono text-white">{sample.sku}</dd>
        </dl>
        {state === "needs-token" ? (
          <form onSubmit={onToken} className="mt-6 grid gap-3" noValidate>
            <label htmlFor={tokenFieldId} className="text-sm font-bold text-white">
              Admin API token
            </label>
            <input
              id={tokenFieldId}
              name="token"
              type="password"
              autoComplete="off"
              required
              aria-describedby={`${tokenFieldId}-hint${tokenError ? ` ${tokenFieldId}-error` : ""}`}
              aria-invalid={tokenError ? true : undefined}
              className="min-h-12 rounded-xl border border-ink-500 bg-ink-900 px-4 text-white"
            />
            <p id={`${tokenFieldId}-hint`} className="text-sm text-ink-300">
              This server requires its admin token. It is kept in this tab only.
            </p>
            {tokenError ? (
              <p id={`${tokenFieldId}-error`} className="text-sm font-bold text-danger-400">
                {tokenError}
              </p>
            ) : null}
            <button type="submit" className={buttonClass("primary", "md")}>
              Create with token
            </button>
          </form>
        ) : (
          <button
            type="button"
            onClick={onCreate}
            disabled={state === "creating"}
            aria-busy={state === "creating"}
            className={buttonClass("primary", "md", "mt-6")}
          >
            {state === "creating" ? "Creating…" : "Create test product"}
          </button>
        )}
      </section>
      <section
        aria-labelledby="buy-heading"
        className="rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
      >
        <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400">Step 2</p>
        <h2 id="buy-heading" className="mt-2 text-2xl font-black text-white">
          Buy it for $0.50
        </h2>
        <p className="mt-4 text-sm text-ink-200" data-testid="saved-variant">
          {savedId ? (
            <>
              Saved variant: <span className="break-all font-mono text-white">{savedId}</span>
            </>
          ) : (
            "No test product saved in this browser yet."
          )}
        </p>
        <div className="mt-6">
          <BuyButton item="test_item" flow="test">
            Buy test product ($0.50)
          </BuyButton>
        </div>
      </section>
    </div>
  );
}
