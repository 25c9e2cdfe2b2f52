import { type FormEvent, useRef, useState } from "react";
import { useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import {
  isNewsletterStatus,
  NEWSLETTER_ANCHOR,
  NEWSLETTER_HONEYPOT_FIELD,
  NEWSLETTER_STATUS_PARAM,
  type NewsletterStatus,
  newsletterMessages,
  newsletterStatusText,
} from "~/content/newsletter";
import { normalizeEmailAddress } from "~/contracts/email-address";
import type { NewsletterSubscribeBody, NewsletterSubscribeResponse } from "~/contracts/newsletter";
import { NEWSLETTER_STATUS_PLACEHOLDER, useDocumentValues } from "~/lib/document-runtime";
import { callFunction } from "~/lib/functions-client";
import { showToast } from "~/lib/toast";

/**
 * The footer's sign-up form (spec §1; behaviour per issue 7). With JavaScript it calls
 * newsletter-subscribe, shows a toast and clears the field, or shows an inline error tied to the field.
 * Without JavaScript it posts, and the server sends the visitor back to this page with the message.
 */
export function NewsletterForm() {
  const { pathname, search } = useLocation();
  const { prerendering } = useDocumentValues();
  const fromUrl = new URLSearchParams(search).get(NEWSLETTER_STATUS_PARAM);
  const [status, setStatus] = useState<NewsletterStatus | null>(isNewsletterStatus(fromUrl) ? fromUrl : null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const invalid = status === "invalid";

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = normalizeEmailAddress(form.get("email"));
    if (!email) {
      setStatus("invalid");
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setStatus(null);
    let next: NewsletterStatus = "error";
    try {
      const { status: http, data } = await callFunction<NewsletterSubscribeResponse>("newsletter-subscribe", {
        email,
        [NEWSLETTER_HONEYPOT_FIELD]: String(form.get(NEWSLETTER_HONEYPOT_FIELD) ?? ""),
        source: pathname,
      } satisfies NewsletterSubscribeBody);
      if (data.success === true) next = "subscribed";
      else if (http === 400) next = "invalid";
      else if (http === 429) next = "limited";
    } catch {
      next = "error";
    }
    setBusy(false);
    if (next === "invalid") {
      setStatus("invalid");
      inputRef.current?.focus();
      return;
    }
    showToast({ ...newsletterMessages[next], variant: next === "subscribed" ? "success" : "destructive" });
    if (next === "subscribed" && inputRef.current) inputRef.current.value = "";
  };

  return (
    <form
      id={NEWSLETTER_ANCHOR}
      method="post"
      action="/api/newsletter-subscribe"
      className="w-full max-w-md scroll-mt-24"
      noValidate
      onSubmit={onSubmit}
    >
      <label htmlFor="newsletter-email" className="mb-2 block text-sm font-bold text-white">
        Get training, nutrition and testosterone tips by e-mail
      </label>
      <input type="hidden" name="source" value={pathname} />
      {/* A trap for bots: hidden from people and from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input
            type="text"
            name={NEWSLETTER_HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </label>
      </div>
      <div className="flex flex-col gap-2 xs:flex-row">
        <input
          ref={inputRef}
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="Enter your email"
          required
          maxLength={254}
          aria-describedby="newsletter-status"
          aria-invalid={invalid ? true : undefined}
          onInput={() => invalid && setStatus(null)}
          className={`min-h-12 w-full min-w-0 flex-1 rounded-full border bg-ink-800 px-5 text-base text-white placeholder:text-ink-300 focus-visible:border-ember-400 ${
            invalid ? "border-danger-400" : "border-ink-500"
          }`}
        />
        <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary", "md")}>
          Subscribe
        </button>
      </div>
      <p
        id="newsletter-status"
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm ${invalid ? "font-bold text-danger-400" : "text-ink-200"}`}
        suppressHydrationWarning
      >
        {prerendering ? NEWSLETTER_STATUS_PLACEHOLDER : newsletterStatusText(status)}
      </p>
    </form>
  );
}
