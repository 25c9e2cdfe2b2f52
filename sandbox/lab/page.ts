import { escapeHtml } from "../html";
import { page } from "../stripe/html";
import type { Delivery } from "./deliveries";

/** The lab emulator's one page: the operator's forms, the registered kits (sandbox only), the deliveries. */

export type LabPageInput = {
  labName: string;
  base: string;
  connected: boolean;
  kits: { kitId: string; state: string }[] | null;
  reports: Map<string, { version: number; value: number; unit: string; status: string }[]>;
  deliveries: Delivery[];
  downUntil: Date | null;
  done: string | null;
};

const STATE_WORDS: Record<string, string> = {
  registered: "Registered: no sample yet",
  sample_received: "Sample received",
  rejected: "Sample rejected",
  resulted: "Result sent",
};

const printed = (kitId: string) =>
  kitId.length === 12 ? `${kitId.slice(0, 4)}-${kitId.slice(4, 8)}-${kitId.slice(8)}` : kitId;
const time = (at: Date) => `${at.toISOString().slice(11, 19)} UTC`;

const STYLE = `<style>
main.lab { display: block; max-width: 60rem; }
main.lab section { margin-top: 2rem; }
main.lab form { margin-top: 1rem; }
.choices { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin-top: .75rem; }
.choices label { display: flex; gap: .5rem; align-items: center; margin: 0; font-weight: 400; }
.choices input { width: 1.25rem; height: 1.25rem; }
table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--line); font-size: .9375rem; }
th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid var(--line); vertical-align: top; }
.scroll { overflow-x: auto; }
</style>`;

function kitsSection(input: LabPageInput): string {
  if (!input.connected)
    return `<p class="muted">The store has not connected its lab yet (it does once its services are up).</p>`;
  if (input.kits === null)
    return `<p class="alert" role="alert">The store's list of registered kits could not be read.</p>`;
  if (input.kits.length === 0)
    return `<p>No kit is registered yet. Register one at <a href="/results/register">/results/register</a>.</p>`;
  const rows = input.kits.map((kit) => {
    const sent = input.reports.get(printed(kit.kitId)) ?? [];
    const last = sent.at(-1);
    return `<tr><td><code>${escapeHtml(printed(kit.kitId))}</code></td><td>${escapeHtml(STATE_WORDS[kit.state] ?? kit.state)}</td><td>${
      last ? `v${last.version} ${escapeHtml(last.status)}: ${last.value} ${escapeHtml(last.unit)}` : "—"
    }</td></tr>`;
  });
  return `<div class="scroll" tabindex="0" role="group" aria-label="Registered kits, scrollable"><table><caption class="muted">Registered kits (newest first)</caption>
<thead><tr><th scope="col">Kit ID</th><th scope="col">At the store</th><th scope="col">Last result sent</th></tr></thead>
<tbody>${rows.join("")}</tbody></table></div>`;
}

function deliveriesSection(deliveries: Delivery[]): string {
  if (deliveries.length === 0) return "<p>Nothing delivered yet.</p>";
  const rows = deliveries
    .slice(0, 30)
    .map(
      (one) =>
        `<tr><td>${time(one.createdAt)}</td><td><code>${escapeHtml(one.kitId)}</code></td><td>${escapeHtml(one.what)}</td><td>${escapeHtml(
          one.status,
        )} (${one.attempts} ${one.attempts === 1 ? "attempt" : "attempts"})</td><td>${escapeHtml(one.answer)}</td></tr>`,
    );
  return `<div class="scroll" tabindex="0" role="group" aria-label="Deliveries, scrollable"><table><caption class="muted">Deliveries to the store, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Kit</th><th scope="col">What</th><th scope="col">Status</th><th scope="col">The store's answer</th></tr></thead>
<tbody>${rows.join("")}</tbody></table></div>`;
}

const kitField = (id: string) => `<label for="${id}">Kit ID (as printed on the sample's card)</label>
<input id="${id}" name="kitId" required autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="7K3M-Q9TX-2HWD">`;

export function labPage(input: LabPageInput): string {
  const base = escapeHtml(input.base);
  const down = input.downUntil
    ? `<p class="alert" role="status">The store looks down (a fault you injected) until ${time(input.downUntil)}.</p>`
    : "";
  const body = `<main class="lab">
<h1>${escapeHtml(input.labName)}: lab emulator</h1>
<p class="muted">The sandbox's stand-in for the lab. Everything here is sent to the store as a lab sends it: FHIR R4 over HTTP to <code>/api/lab/fhir</code>, signed with the lab's secret.</p>
${input.done ? `<p class="status" role="status">${escapeHtml(input.done)}</p>` : ""}
${down}
<section aria-labelledby="sample-title">
<h2 id="sample-title">A sample arrives</h2>
<form method="post" action="${base}/sample">
${kitField("sample-kit")}
<div class="actions">
<button type="submit" name="event" value="received">Mark received</button>
<button type="submit" name="event" value="rejected" class="secondary">Reject: insufficient sample</button>
</div>
</form>
</section>
<section aria-labelledby="result-title">
<h2 id="result-title">Send a result</h2>
<p class="muted">Total testosterone (LOINC 2986-8 in ng/dL, 14913-8 in nmol/L), with the range 264-916 ng/dL (9.2-31.8 nmol/L). The first result of a kit is final; a later one corrects or amends it.</p>
<form method="post" action="${base}/result">
${kitField("result-kit")}
<div class="row">
<div><label for="result-value">Value</label><input id="result-value" name="value" inputmode="decimal" required placeholder="512"></div>
<div><label for="result-unit">Unit</label><select id="result-unit" name="unit"><option>ng/dL</option><option>nmol/L</option></select></div>
</div>
<label for="result-status">If the kit already has a result, this one</label>
<select id="result-status" name="status"><option value="corrected">corrects it</option><option value="amended">amends it</option></select>
<fieldset class="choices"><legend>Faults to inject</legend>
<label><input type="checkbox" name="duplicate" value="yes"> Deliver it twice (duplicate)</label>
<label><input type="checkbox" name="outOfOrder" value="yes"> Then deliver the previous version again (out of order)</label>
</fieldset>
<div class="actions"><button type="submit">Send result</button></div>
</form>
</section>
<section aria-labelledby="store-title">
<h2 id="store-title">The store is down</h2>
<form method="post" action="${base}/store">
<label for="store-seconds">For how many seconds</label>
<input id="store-seconds" name="seconds" inputmode="numeric" value="30">
<p class="hint">Deliveries meanwhile fail as a refused connection would and are retried with backoff (1 s, 2 s, 4 s … at most 8 attempts).</p>
<div class="actions">
<button type="submit" name="action" value="down">Take the store down</button>
<button type="submit" name="action" value="back" class="secondary">Bring it back</button>
</div>
</form>
</section>
<section aria-labelledby="kits-title">
<h2 id="kits-title">Registered kits</h2>
<p class="muted">Sandbox only: a real lab knows only the kit IDs on the samples it receives.</p>
${kitsSection(input)}
</section>
<section aria-labelledby="deliveries-title">
<h2 id="deliveries-title">Deliveries</h2>
<p class="muted">A delivery goes in the background: <a href="${base}">reload this page</a> to see the store's answers.</p>
${deliveriesSection(input.deliveries)}
</section>
</main>`;
  return page(
    `Lab emulator · ${input.labName}`,
    body,
    "Sandbox: a fictional lab. No real samples or results.",
  ).replace("</head>", `${STYLE}</head>`);
}
