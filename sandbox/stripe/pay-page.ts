import express from "express";
import { formatAmount } from "./money";
import type { SessionRecord, StripeAddress, StripeCheckoutSession } from "./objects";

/**
 * The emulator's hosted pay page: `GET /pay/:id` shows the order and a form (e-mail, test card, shipping
 * address, Pay, Cancel); `POST /pay/:id` pays or declines. Plain HTML forms, no script at all, so it
 * works under the site's Content-Security-Policy when mounted at /__sandbox/stripe and without
 * JavaScript.
 */

export type PayPageDeps = {
  /** Whom the visitor pays (Stripe shows the account's business name). */
  merchantName: string;
  find(id: string): SessionRecord | undefined;
  complete(id: string, input: { email: string; name: string; address: StripeAddress }): StripeCheckoutSession;
};

/** Test cards, as Stripe's documentation gives them. */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

const US_STATES: [string, string][] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
];

const COUNTRY_NAMES: Record<string, string> = { US: "United States", CA: "Canada", GB: "United Kingdom" };

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
];

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

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
  return errors;
}

const STYLE = `
:root { color-scheme: light; --ink: #111827; --muted: #4b5563; --line: #d1d5db; --accent: #b45309;
  --error: #b91c1c; --bg: #f9fafb; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  background: var(--bg); }
.ribbon p { margin: 0; }
.ribbon { margin: 0; background: #fef3c7; color: #78350f; text-align: center; padding: .5rem 1rem;
  font-size: .875rem; border-bottom: 1px solid #fcd34d; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; display: grid; gap: 2rem; }
@media (min-width: 48rem) { main { grid-template-columns: 1fr 1fr; padding-top: 3rem; } }
h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
h2 { font-size: 1rem; margin: 0 0 .75rem; }
.total { font-size: 2rem; font-weight: 700; margin: .25rem 0 1.5rem; }
.muted { color: var(--muted); }
ul.lines { list-style: none; padding: 0; margin: 0 0 1rem; }
ul.lines li { display: flex; justify-content: space-between; gap: 1rem; padding: .75rem 0;
  border-bottom: 1px solid var(--line); }
dl.sum { display: grid; grid-template-columns: 1fr auto; gap: .25rem 1rem; margin: 0; }
dl.sum dt { color: var(--muted); } dl.sum dd { margin: 0; text-align: right; }
dl.sum .grand { font-weight: 700; color: var(--ink); }
form { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; }
fieldset { border: 0; padding: 0; margin: 0 0 1.25rem; }
legend { font-weight: 600; margin-bottom: .5rem; padding: 0; }
label { display: block; font-size: .875rem; font-weight: 500; margin: .75rem 0 .25rem; }
input, select { width: 100%; font: inherit; padding: .625rem .75rem; border: 1px solid #9ca3af; border-radius: .5rem;
  background: #fff; color: var(--ink); }
input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible {
  outline: 3px solid #2563eb; outline-offset: 2px; }
input[aria-invalid="true"], select[aria-invalid="true"] { border-color: var(--error); }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 0 .75rem; }
.hint { font-size: .8125rem; color: var(--muted); margin: .25rem 0 0; }
.field-error { font-size: .8125rem; color: var(--error); margin: .25rem 0 0; font-weight: 500; }
.alert { border: 1px solid var(--error); background: #fef2f2; color: #7f1d1d; border-radius: .5rem;
  padding: .75rem 1rem; margin-bottom: 1rem; }
.alert ul { margin: .25rem 0 0; padding-left: 1.25rem; }
.alert a { color: inherit; }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; margin-top: 1rem; }
button { font: inherit; font-weight: 600; border: 0; border-radius: .5rem; padding: .75rem 1.5rem; cursor: pointer;
  background: var(--ink); color: #fff; min-width: 10rem; }
button:hover { background: #374151; }
a { color: #1d4ed8; }
.testcards { font-size: .8125rem; background: #f3f4f6; border-radius: .5rem; padding: .75rem 1rem; margin: 0 0 1rem; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; white-space: nowrap; }
.notice { grid-column: 1 / -1; max-width: 32rem; margin: 4rem auto; background: #fff; border: 1px solid var(--line); border-radius: .75rem;
  padding: 2rem; text-align: center; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="ribbon"><p>Sandbox: no real payments. This page stands in for Stripe Checkout.</p></header>
${body}
</body>
</html>`;
}

function notice(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `<main><div class="notice"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ""
    }</div></main>`,
  );
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

function payPage(
  merchantName: string,
  record: SessionRecord,
  fields: Fields,
  errors: FieldErrors,
  failure?: string,
): string {
  const { session } = record;
  const money = (amount: number) => formatAmount(amount, session.currency);
  const shipping = session.shipping_cost?.amount_total ?? 0;
  const shippingName = record.shippingRates[0]?.displayName ?? "Shipping";
  const countries = allowedCountries(session).map((code): [string, string] => [
    code,
    COUNTRY_NAMES[code] ?? code,
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
  const lines = record.lineItems
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.description)}${
          item.quantity > 1 ? ` <span class="muted">× ${item.quantity}</span>` : ""
        }<br><span class="muted">${escapeHtml(money(item.price.unit_amount))} each</span></span><span>${escapeHtml(
          money(item.amount_total),
        )}</span></li>`,
    )
    .join("");
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
    `Pay ${money(session.amount_total)}`,
    `<main>
<section aria-labelledby="summary-title">
  <h1 id="summary-title">Pay ${escapeHtml(merchantName)}</h1>
  <p class="total">${escapeHtml(money(session.amount_total))}</p>
  <h2>Your order</h2>
  <ul class="lines">${lines}</ul>
  <dl class="sum">
    <dt>Subtotal</dt><dd>${escapeHtml(money(session.amount_subtotal))}</dd>
    <dt>${escapeHtml(shippingName)}</dt><dd>${shipping === 0 ? "Free" : escapeHtml(money(shipping))}</dd>
    <dt class="grand">Total due</dt><dd class="grand">${escapeHtml(money(session.amount_total))}</dd>
  </dl>
</section>
<section aria-labelledby="pay-title">
  <form method="post" novalidate aria-labelledby="pay-title">
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
    <div class="actions">
      <button type="submit">Pay ${escapeHtml(money(session.amount_total))}</button>
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

  router.get("/pay/:id", (req, res) => {
    const record = deps.find(req.params.id);
    if (unavailable(res, record) || !record) return;
    send(res, 200, payPage(deps.merchantName, record, emptyFields(record.session), {}));
  });

  router.post("/pay/:id", (req, res) => {
    const record = deps.find(req.params.id);
    if (unavailable(res, record) || !record) return;
    const { session } = record;
    const fields = readFields(req.body, session);
    const errors = validate(fields, session);
    if (Object.keys(errors).length > 0) {
      send(res, 400, payPage(deps.merchantName, record, fields, errors));
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
      send(res, 402, payPage(deps.merchantName, record, fields, {}, message));
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
    const completed = deps.complete(session.id, { email: fields.email, name: fields.name, address });
    res.redirect(303, successUrl(completed));
  });

  return router;
}
