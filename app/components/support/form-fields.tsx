import type { MouseEvent, ReactNode } from "react";
import type { FieldErrors } from "~/contracts/support";

/**
 * The fields of the support forms: a label above, a hint, the error below tied to the control with
 * aria-describedby and aria-invalid, and a summary of every mistake at the top of the form that links
 * to each field. Plain elements: the server renders them with the posted values, so a form sent
 * without JavaScript comes back with what was typed and what to fix.
 */

const control =
  "mt-2 block w-full min-w-0 rounded-xl border bg-ink-800 px-4 text-base text-white placeholder:text-ink-300 focus-visible:border-ember-400";
const border = (invalid: boolean) => (invalid ? "border-danger-400" : "border-ink-500");

type FieldProps = {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  errors?: FieldErrors;
  defaultValue?: string;
};

function describedBy(name: string, hint: string | undefined, error: string | undefined) {
  const ids = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function FieldFrame({
  name,
  label,
  hint,
  optional,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-bold text-white">
        {label}
        {optional ? <span className="font-normal text-ink-300"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-ink-300">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${name}-error`} className="mt-2 text-sm font-bold text-danger-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  maxLength,
  ...field
}: FieldProps & {
  type?: "text" | "email";
  autoComplete?: string;
  inputMode?: "text" | "email" | "numeric";
  maxLength?: number;
}) {
  const error = field.errors?.[field.name];
  return (
    <FieldFrame {...field} error={error}>
      <input
        id={field.name}
        name={field.name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={!field.optional}
        defaultValue={field.defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.name, field.hint, error)}
        className={`${control} ${border(Boolean(error))} min-h-12`}
      />
    </FieldFrame>
  );
}

export function TextArea({
  rows = 6,
  maxLength,
  ...field
}: FieldProps & { rows?: number; maxLength?: number }) {
  const error = field.errors?.[field.name];
  return (
    <FieldFrame {...field} error={error}>
      <textarea
        id={field.name}
        name={field.name}
        rows={rows}
        maxLength={maxLength}
        required={!field.optional}
        defaultValue={field.defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.name, field.hint, error)}
        className={`${control} ${border(Boolean(error))} py-3 leading-relaxed`}
      />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  placeholder,
  ...field
}: FieldProps & { options: Readonly<Record<string, string>>; placeholder: string }) {
  const error = field.errors?.[field.name];
  return (
    <FieldFrame {...field} error={error}>
      <select
        id={field.name}
        name={field.name}
        required={!field.optional}
        defaultValue={field.defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.name, field.hint, error)}
        className={`${control} ${border(Boolean(error))} min-h-12`}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {Object.entries(options).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A trap for bots: hidden from people and from assistive technology. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** With JavaScript, a summary link puts the caret in its field (a fragment link only scrolls to it). */
function focusField(event: MouseEvent<HTMLAnchorElement>, name: string) {
  const field = document.getElementById(name);
  if (!field) return;
  event.preventDefault();
  field.focus();
  field.scrollIntoView({ block: "center" });
}

/**
 * Every mistake, first in the form, each a link to its field. It is the first thing a screen reader
 * hears after a post (role="alert") and what a keyboard user tabs into first.
 */
export function ErrorSummary({
  errors,
  labels,
}: {
  errors: FieldErrors;
  labels: Readonly<Record<string, string>>;
}) {
  const entries = Object.entries(errors).filter(([name]) => name in labels);
  if (entries.length === 0) return null;
  return (
    <div role="alert" className="rounded-card border border-danger-400/60 bg-danger-600/10 p-5">
      <h2 className="text-base font-extrabold text-white">
        {entries.length === 1 ? "Please fix one thing" : `Please fix ${entries.length} things`}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-100">
        {entries.map(([name, message]) => (
          <li key={name}>
            <a
              href={`#${name}`}
              onClick={(event) => focusField(event, name)}
              className="underline decoration-danger-400 underline-offset-4 hover:text-white"
            >
              {labels[name]}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A refusal or a failure that is not about one field (rate limit, server trouble). */
export function FormNotice({ tone, children }: { tone: "problem" | "success"; children: ReactNode }) {
  return (
    <div
      role={tone === "problem" ? "alert" : "status"}
      className={`rounded-card border p-5 text-ink-100 ${
        tone === "problem"
          ? "border-danger-400/60 bg-danger-600/10"
          : "border-success-400/50 bg-success-400/10"
      }`}
    >
      {children}
    </div>
  );
}
