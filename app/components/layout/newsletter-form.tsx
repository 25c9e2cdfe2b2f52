import { buttonClass } from "~/components/ui/button-link";

/** The footer's sign-up form (spec §1): an e-mail field and a Subscribe button. */
export function NewsletterForm() {
  return (
    <form method="post" action="/api/newsletter-subscribe" className="w-full max-w-md" noValidate>
      <label htmlFor="newsletter-email" className="mb-2 block text-sm font-bold text-white">
        Get training, nutrition and testosterone tips by e-mail
      </label>
      <div className="flex flex-col gap-2 xs:flex-row">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="Enter your email"
          required
          maxLength={254}
          className="min-h-12 w-full min-w-0 flex-1 rounded-full border border-ink-500 bg-ink-800 px-5 text-base text-white placeholder:text-ink-300 focus-visible:border-ember-400"
        />
        <button type="submit" className={buttonClass("primary", "md")}>
          Subscribe
        </button>
      </div>
    </form>
  );
}
