import express from "express";
import { escapeHtml } from "../html";
import { countryName } from "./countries";
import { inlineMarkdown, notice, page } from "./html";
import { formatAmount } from "./money";
import type { SessionRecord, StripeAddress, StripeCheckoutSession } from "./objects";
import { orderSummary } from "./pay-summary";
import type { Promotions } from "./promotions";
import type { SessionStore } from "./sessions";
import { computeTotals } from "./totals";
import { US_STATES } from "./us-states";

/**
 * The emulator's hosted pay page: `GET /pay/:id` shows the order (pay-summary.ts) and a form (e-mail,
 * test card, shipping address, the terms box when the session requires consent, Pay, Cancel);
 * `POST /pay/:id` pays or declines; `POST /pay/:id/promotion-code` applies or removes a promotion
 * code. Plain HTML forms, no script at all, so it works under the site's Content-Security-Policy
 * when mounted at /__sandbox/stripe and without JavaScript.
 */

export type PayPageDeps = {
  /** Whom the visitor pays (Stripe shows the account's business name). */
  merchantName: string;
  sessions: SessionStore;
  promotions: Promotions;
};

/** What the pay page says when a required terms box is left unticked. */
export const TERMS_REQUIRED = "You must agree to the terms to continue.";

/** Test cards, as Stripe's documentation gives them. */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

type Fields = {
  email: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  terms: string;
};

type FieldErrors = Partial<Record<keyof Fields, string>>;

const FIELD_NAMES: (keyof Fields)[] = [
  "email",
  "cardNumber",
  "cardExpiry",
  "cardCvc",
  "name",
  "line1",
  "line2",
  "city",
  "state",
  "postalCode",
  "country",
  "terms",
];

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function successUrl(session: StripeCheckoutSession): string {
  return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}

function allowedCountries(session: StripeCheckoutSession): string[] {
  return session.shipping_address_collection?.allowed_countries ?? ["US"];
}

/** Checks the form; returns errors per field, or the payment outcome for the card. */
function validate(fields: Fields, session: StripeCheckoutSession): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email) || fields.email.length > 254)
    errors.email = "Enter a valid e-mail address, like you@example.com.";
  const digits = fields.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.cardNumber = "Your card number is invalid.";
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(fields.cardExpiry);
  if (!expiry) {
    errors.cardExpiry = "Enter the expiry date as MM / YY.";
  } else {
    const month = Number(expiry[1]);
    const year = Number(expiry[2]) + ((expiry[2] as string).length === 2 ? 2000 : 0);
    const now = new Date();
    if (month < 1 || month > 12) errors.cardExpiry = "The expiry month must be 01 to 12.";
    else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
      errors.cardExpiry = "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(fields.cardCvc)) errors.cardCvc = "Your card's security code is incomplete.";
  if (!fields.name.trim()) errors.name = "Enter the name to ship to.";
  if (!fields.line1.trim()) errors.line1 = "Enter the street address.";
  if (!fields.city.trim()) errors.city = "Enter the city.";
  const countries = allowedCountries(session);
  if (!countries.includes(fields.country)) errors.country = "Choose a country we ship to.";
  if (fields.country === "US") {
    if (!US_STATES.some(([code]) => code === fields.state)) errors.state = "Choose a state.";
    if (!/^\d{5}(-\d{4})?$/.test(fields.postalCode.trim())) errors.postalCode = "Enter a 5-digit ZIP code.";
  } else if (!fields.postalCode.trim()) {
    errors.postalCode = "Enter the postal code.";
  }
  if (session.consent_collection?.terms_of_service === "required" && fields.terms !== "accepted")
    errors.terms = TERMS_REQUIRED;
  return errors;
}

function input(
  name: keyof Fields,
  label: string,
  fields: Fields,
  errors: FieldErrors,
  attributes: string,
  hint?: string,
): string {
  const id = `f-${name}`;
  const error = errors[name];
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  // The card fields are never echoed back into the page.
  const value = name.startsWith("card") ? "" : fields[name];
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" value="${escapeHtml(value)}" ${attributes}${
    error ? ' aria-invalid="true"' : ""
  }${described ? ` aria-describedby="${described}"` : ""}>${
    hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ""
  }${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : ""}`;
}

function select(
  name: keyof Fields,
  label: string,
  options: [string, string][],
  fields: Fields,
  errors: FieldErrors,
  attributes: string,
): string {
  const id = `f-${name}`;
  const error = errors[name];
  return `<label for="${id}">${escapeHtml(label)}</label>
<select id="${id}" name="${name}" ${attributes}${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""}>
${options
  .map(
    ([value, text]) =>
      `<option value="${escapeHtml(value)}"${value === fields[name] ? " selected" : ""}>${escapeHtml(text)}</option>`,
  )
  .join("\n")}
</select>${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : ""}`;
}

/** The terms box, with the session's custom text (markdown links rendered) or Stripe's default. */
function termsBox(merchantName: string, session: StripeCheckoutSession, fields: Fields, errors: FieldErrors) {
  if (session.consent_collection?.terms_of_service !== "required") return "";
  const custom = session.custom_text.terms_of_service_acceptance?.message;
  const text = custom ? inlineMarkdown(custom) : `I agree to ${escapeHtml(merchantName)}'s Terms of Service.`;
  const error = errors.terms;
  return `<div class="consent">
      <input type="checkbox" id="f-terms" name="terms" value="accepted" required${
        fields.terms === "accepted" ? " checked" : ""
      }${error ? ' aria-invalid="true" aria-describedby="f-terms-error"' : ""}>
      <label for="f-terms">${text}</label>
    </div>${error ? `<p class="field-error" id="f-terms-error">${escapeHtml(error)}</p>` : ""}`;
}

type View = {
  merchantName: string;
  promotions: Promotions;
  /** The pay page's own path, as the browser asked for it (forms post back to it). */
  path: string;
  codeError?: string;
};

function payPage(
  view: View,
  record: SessionRecord,
  fields: Fields,
  errors: FieldErrors,
  failure?: string,
): string {
  const { merchantName } = view;
  const { session } = record;
  const money = (amount: number) => formatAmount(amount, session.currency);
  const due = computeTotals(record, view.promotions, record.options.automaticTax).total;
  const countries = allowedCountries(session).map((code): [string, string] => [
    code,
    countryName(code) ?? code,
  ]);
  const errorList = Object.entries(errors) as [keyof Fields, string][];
  const summary =
    failure || errorList.length
      ? `<div class="alert" role="alert" id="form-errors">${
          failure
            ? `<p><strong>${escapeHtml(failure)}</strong></p>`
            : "<p><strong>Check the highlighted fields.</strong></p>"
        }${
          errorList.length
            ? `<ul>${errorList.map(([name, message]) => `<li><a href="#f-${name}">${escapeHtml(message)}</a></li>`).join("")}</ul>`
            : ""
        }</div>`
      : "";
  const stateField =
    fields.country === "US" || countries.length === 1
      ? select(
          "state",
          "State",
          [["", "Choose…"], ...US_STATES],
          fields,
          errors,
          'autocomplete="shipping address-level1" required',
        )
      : input("state", "State or province", fields, errors, 'autocomplete="shipping address-level1"');
  return page(
    `Pay ${money(due)}`,
    `<main>
${orderSummary(merchantName, record, view.promotions, view.path, view.codeError)}
<section aria-labelledby="pay-title">
  <form method="post" action="${escapeHtml(view.path)}" novalidate aria-labelledby="pay-title">
    <h2 id="pay-title">Pay with card</h2>
    ${summary}
    <p class="testcards">Test cards: <code>4242 4242 4242 4242</code> pays; <code>4000 0000 0000 0002</code> is
    declined. Any future expiry date and any 3-digit CVC.</p>
    <fieldset>
      <legend>Contact</legend>
      ${input("email", "Email", fields, errors, 'type="email" autocomplete="email" required', "Your receipt and order confirmation go here.")}
    </fieldset>
    <fieldset>
      <legend>Card</legend>
      ${input("cardNumber", "Card number", fields, errors, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
      <div class="row">
        <div>${input("cardExpiry", "Expiry (MM / YY)", fields, errors, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required')}</div>
        <div>${input("cardCvc", "CVC", fields, errors, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required')}</div>
      </div>
    </fieldset>
    <fieldset>
      <legend>Shipping address</legend>
      ${input("name", "Full name", fields, errors, 'autocomplete="shipping name" required')}
      ${select("country", "Country", countries, fields, errors, 'autocomplete="shipping country" required')}
      ${input("line1", "Address line 1", fields, errors, 'autocomplete="shipping address-line1" required')}
      ${input("line2", "Address line 2 (optional)", fields, errors, 'autocomplete="shipping address-line2"')}
      ${input("city", "City", fields, errors, 'autocomplete="shipping address-level2" required')}
      <div class="row">
        <div>${stateField}</div>
        <div>${input("postalCode", "ZIP code", fields, errors, 'inputmode="numeric" autocomplete="shipping postal-code" required')}</div>
      </div>
    </fieldset>
    ${termsBox(merchantName, session, fields, errors)}
    <div class="actions">
      <button type="submit">Pay ${escapeHtml(money(due))}</button>
      ${session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel and return to the store</a>` : ""}
    </div>
  </form>
</section>
</main>`,
  );
}

function readFields(body: unknown, session: StripeCheckoutSession): Fields {
  const source = (typeof body === "object" && body ? body : {}) as Record<string, unknown>;
  const fields = {} as Fields;
  for (const name of FIELD_NAMES) {
    const value = source[name];
    fields[name] = typeof value === "string" ? value.trim().slice(0, 500) : "";
  }
  if (!fields.country) fields.country = allowedCountries(session)[0] ?? "US";
  return fields;
}

function emptyFields(session: StripeCheckoutSession): Fields {
  return readFields({ email: session.customer_email ?? "" }, session);
}

export function createPayPageRouter(deps: PayPageDeps): express.Router {
  const router = express.Router();
  router.use("/pay", express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 50 }));
  const send = (res: express.Response, status: number, html: string) => {
    res.status(status).setHeader("Cache-Control", "no-store");
    res.type("html").send(html);
  };

  /** A finished or unknown session: an explanatory page (or, paid, straight on to the store). */
  function unavailable(res: express.Response, record: SessionRecord | undefined): boolean {
    if (!record) {
      send(
        res,
        404,
        notice("Checkout not found", "This checkout session does not exist. Start again from the store."),
      );
      return true;
    }
    const { session } = record;
    if (session.status === "complete") {
      res.redirect(303, successUrl(session));
      return true;
    }
    if (session.status === "expired") {
      send(
        res,
        410,
        notice(
          "This checkout has expired",
          "Nothing was charged. Start a new checkout from the store.",
          session.cancel_url ? { href: session.cancel_url, label: "Return to the store" } : undefined,
        ),
      );
      return true;
    }
    return false;
  }

  /** The page's view: its forms post back to the path the browser used (here or under /__sandbox). */
  const view = (req: express.Request, codeError?: string): View => ({
    merchantName: deps.merchantName,
    promotions: deps.promotions,
    path: (req.originalUrl.split("?")[0] ?? "").replace(/\/promotion-code$/, ""),
    codeError,
  });

  router.get("/pay/:id", (req, res) => {
    const record = deps.sessions.find(req.params.id);
    if (unavailable(res, record) || !record) return;
    send(res, 200, payPage(view(req), record, emptyFields(record.session), {}));
  });

  // Apply (or remove) a promotion code: back to the page, or the page again with Stripe's refusal.
  router.post("/pay/:id/promotion-code", (req, res) => {
    const record = deps.sessions.find(req.params.id);
    if (unavailable(res, record) || !record) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.action === "remove") deps.sessions.removePromotionCode(record);
    else {
      const code = typeof body.code === "string" ? body.code.trim().slice(0, 100) : "";
      const refusal = code ? deps.sessions.applyPromotionCode(record, code) : "Enter a promotion code.";
      if (refusal) {
        send(res, 400, payPage(view(req, refusal), record, emptyFields(record.session), {}));
        return;
      }
    }
    res.redirect(303, view(req).path);
  });

  router.post("/pay/:id", (req, res) => {
    const record = deps.sessions.find(req.params.id);
    if (unavailable(res, record) || !record) return;
    const { session } = record;
    const fields = readFields(req.body, session);
    const errors = validate(fields, session);
    if (Object.keys(errors).length > 0) {
      send(res, 400, payPage(view(req), record, fields, errors));
      return;
    }
    const digits = fields.cardNumber.replace(/[\s-]/g, "");
    if (digits !== TEST_CARDS.success) {
      record.declines += 1;
      const message =
        digits === TEST_CARDS.declined
          ? "Your card was declined. Try another card."
          : digits === TEST_CARDS.insufficientFunds
            ? "Your card has insufficient funds. Try another card."
            : "Your card was declined: this is a sandbox, so use the test card 4242 4242 4242 4242.";
      send(res, 402, payPage(view(req), record, fields, {}, message));
      return;
    }
    const address: StripeAddress = {
      line1: fields.line1,
      line2: fields.line2 || null,
      city: fields.city,
      state: fields.state || null,
      postal_code: fields.postalCode,
      country: fields.country,
    };
    const completed = deps.sessions.complete(session.id, {
      email: fields.email,
      name: fields.name,
      address,
      card: digits,
    });
    res.redirect(303, successUrl(completed));
  });

  return router;
}
