import { useState } from "react";
import { data, Link, redirect } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { ErrorSummary, FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import {
  RESULTS_CONSENT_VERSION,
  registerPage,
  registrationMessages,
  resultsConsent,
} from "~/content/results";
import { brand } from "~/content/site";
import {
  ACCOUNT_HEADERS,
  accountForm,
  limitKitRegistration,
  requireShopper,
} from "~/server/http/account-routes.server";
import { refusalOf } from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import { readRegistration } from "~/server/kits/registration-input.server";
import { formatKitId, KIT_ID_EXAMPLE, kitIdMessages, readKitId } from "~/shared/kit-id";
import type { Route } from "./+types/results.register";

/**
 * Registering a kit (issue 35 item 3), signed in: the kit ID (its check character read in the browser
 * and again on the server, before any lookup), the tester's date of birth (18 or over, sealed at rest),
 * and the consent to receive and store the result, on its own. One registration per kit; an ID that is
 * unknown, not yet issued or registered by someone else gets a message that says nothing more.
 */
export const headers = () => ACCOUNT_HEADERS;

const stateWords = {
  unregistered: "Not registered",
  registered: "Registered: waiting for your sample",
  sample_received: "The lab has your sample",
  rejected: "The lab could not test the sample",
  resulted: "Result ready",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireShopper(request, context, "/results/register");
  const kits = await servicesFor(context, "kits").kits.registeredBy(session.shopperId);
  const registered = new URL(request.url).searchParams.get("registered");
  const just = registered ? readKitId(registered) : null;
  return data(
    {
      email: session.email,
      registered: just?.ok ? formatKitId(just.kitId) : null,
      kits: kits.map((kit) => ({
        kitId: formatKitId(kit.kitId),
        state: kit.state,
        registeredAt: kit.registeredAt.toISOString().slice(0, 10),
      })),
    },
    { headers: ACCOUNT_HEADERS },
  );
}

type Invalid = { status: "invalid"; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  let fields: URLSearchParams;
  try {
    fields = await accountForm(request, context);
  } catch (error) {
    return refusalOf(error);
  }
  const session = await requireShopper(request, context, "/results/register");
  try {
    await limitKitRegistration(context);
  } catch (error) {
    return refusalOf(error);
  }
  const values = {
    kitId: (fields.get("kitId") ?? "").slice(0, 40),
    dateOfBirth: (fields.get("dateOfBirth") ?? "").slice(0, 10),
  };
  const invalid = (errors: Record<string, string>) =>
    data<Invalid>({ status: "invalid", errors, values }, { status: 400, headers: ACCOUNT_HEADERS });
  const reading = readRegistration(fields, new Date().toISOString().slice(0, 10));
  if (!reading.ok) return invalid(reading.errors as Record<string, string>);
  const outcome = await servicesFor(context, "kits").kits.register({
    shopperId: session.shopperId,
    kitId: reading.kitId,
    dateOfBirth: reading.dateOfBirth,
    consentVersion: RESULTS_CONSENT_VERSION,
  });
  switch (outcome.kind) {
    case "registered":
    case "yours":
      throw redirect(`/results/register?registered=${formatKitId(reading.kitId)}`, {
        status: 303,
        headers: ACCOUNT_HEADERS,
      });
    case "under_age":
      return invalid({ dateOfBirth: registrationMessages.underAge });
    case "taken":
      return invalid({ kitId: registrationMessages.taken });
    case "unknown":
      return invalid({ kitId: registrationMessages.unknown });
  }
}

export const meta = () => [
  { title: `${registerPage.heading} | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

const labels = {
  kitId: registerPage.kitIdLabel,
  dateOfBirth: registerPage.dateOfBirthLabel,
  consent: "Consent",
} as const;

const inputClass =
  "mt-2 block min-h-12 w-full min-w-0 rounded-xl border bg-ink-800 px-4 text-base text-white placeholder:text-ink-300 focus-visible:border-ember-400";
const borderOf = (error: string | undefined) => (error ? "border-danger-400" : "border-ink-500");
const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-2 text-sm font-bold text-danger-400">
      {error}
    </p>
  ) : null;
}

export default function RegisterKitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, registered, kits } = loaderData;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const posted = actionData && "status" in actionData ? actionData : null;
  // The check character read in the browser as the ID is typed, so a typing mistake is named at once.
  const [typedError, setTypedError] = useState<string | undefined>();
  const errors: Record<string, string | undefined> = { ...(posted?.errors ?? {}) };
  if (typedError) errors.kitId = typedError;
  const summary = Object.fromEntries(Object.entries(errors).filter(([, value]) => value)) as Record<
    string,
    string
  >;

  const checkKitId = (value: string) => {
    const reading = readKitId(value);
    setTypedError(reading.ok || reading.problem === "empty" ? undefined : kitIdMessages[reading.problem]);
    return reading.ok;
  };

  return (
    <>
      <PageIntro eyebrow="Test kit" heading={registerPage.heading}>
        <p>{registerPage.lead}</p>
      </PageIntro>
      <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="register-form-heading" className="max-w-2xl">
          <h2 id="register-form-heading" className="text-2xl font-extrabold text-white">
            {registered ? registerPage.registeredHeading : "Your kit"}
          </h2>
          <div className="mt-6 space-y-4">
            {registered ? (
              <FormNotice tone="success">
                <p>
                  {`Kit ${registered} is registered to your account. Send your sample to the lab as the kit's instructions say.`}
                </p>
              </FormNotice>
            ) : null}
            {refusal ? <FormNotice tone="problem">{refusal.message}</FormNotice> : null}
            <ErrorSummary errors={summary} labels={labels} />
          </div>
          <form
            method="post"
            noValidate
            className="mt-6 space-y-6 rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
            onSubmit={(event) => {
              const input = event.currentTarget.elements.namedItem("kitId");
              if (input instanceof HTMLInputElement && !checkKitId(input.value) && input.value.trim()) {
                event.preventDefault();
                input.focus();
              }
            }}
          >
            <div>
              <label htmlFor="kitId" className="block text-sm font-bold text-white">
                {registerPage.kitIdLabel}
              </label>
              <p id="kitId-hint" className="mt-1 text-sm text-ink-300">
                {`${registerPage.kitIdHint} For example ${KIT_ID_EXAMPLE}.`}
              </p>
              <input
                id="kitId"
                name="kitId"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                required
                defaultValue={posted?.values.kitId}
                onBlur={(event) => checkKitId(event.currentTarget.value)}
                onInput={() => setTypedError(undefined)}
                aria-invalid={errors.kitId ? true : undefined}
                aria-describedby={describedBy("kitId-hint", errors.kitId && "kitId-error")}
                className={`${inputClass} ${borderOf(errors.kitId)} font-mono uppercase tracking-widest`}
              />
              <FieldError id="kitId-error" error={errors.kitId} />
            </div>
            <div>
              <label htmlFor="dateOfBirth" className="block text-sm font-bold text-white">
                {registerPage.dateOfBirthLabel}
              </label>
              <p id="dateOfBirth-hint" className="mt-1 text-sm text-ink-300">
                {registerPage.dateOfBirthHint}
              </p>
              <input
                id="dateOfBirth"
                name="dateOfBirth"
                type="date"
                autoComplete="bday"
                min="1900-01-01"
                required
                defaultValue={posted?.values.dateOfBirth}
                aria-invalid={errors.dateOfBirth ? true : undefined}
                aria-describedby={describedBy("dateOfBirth-hint", errors.dateOfBirth && "dateOfBirth-error")}
                className={`${inputClass} ${borderOf(errors.dateOfBirth)} sm:w-64 [color-scheme:dark]`}
              />
              <FieldError id="dateOfBirth-error" error={errors.dateOfBirth} />
            </div>
            <fieldset>
              <legend className="text-sm font-bold text-white">Your result</legend>
              <div className="mt-3 flex gap-3">
                <input
                  id="consent"
                  name="consent"
                  type="checkbox"
                  value="yes"
                  required
                  aria-invalid={errors.consent ? true : undefined}
                  aria-describedby={describedBy("consent-hint", errors.consent && "consent-error")}
                  className="mt-1 size-5 shrink-0 accent-ember-500"
                />
                <div>
                  <label htmlFor="consent" className="text-ink-100">
                    {resultsConsent.label}
                  </label>
                  <p id="consent-hint" className="mt-1 text-sm text-ink-300">
                    {resultsConsent.hint}
                  </p>
                  <FieldError id="consent-error" error={errors.consent} />
                </div>
              </div>
            </fieldset>
            <button type="submit" className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
              {registerPage.submit}
            </button>
          </form>
        </section>
        <aside aria-labelledby="your-kits-heading" className="space-y-4">
          <div className="rounded-card border border-white/10 bg-ink-900 p-6">
            <h2 id="your-kits-heading" className="text-lg font-extrabold text-white">
              Your kits
            </h2>
            {kits.length === 0 ? (
              <p className="mt-2 text-sm text-ink-200">No kit registered yet.</p>
            ) : (
              <ul className="mt-3 space-y-3" data-testid="registered-kits">
                {kits.map((kit) => (
                  <li key={kit.kitId} className="text-sm">
                    <span className="block font-mono font-bold text-white">{kit.kitId}</span>
                    <span className="text-ink-200">{`${stateWords[kit.state]} · registered ${kit.registeredAt}`}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <p className="text-sm text-ink-300">
            {"Signed in as "}
            <span className="break-all font-bold text-ink-100">{email}</span>
            {". "}
            <Link to="/account" className={TEXT_LINK}>
              Your account
            </Link>
          </p>
        </aside>
      </div>
    </>
  );
}
