/**
 * Keeps the main thread's gains from eroding without a browser timing (issue 39 item 5, decision 098):
 * part of `npm test`, after the build. A phone spends its first long task parsing and matching the
 * stylesheet, painting costly effects, and laying out again whenever a script reads layout while the
 * page is still being built. So this fails when:
 *   - the built stylesheet grows past its budget (raw bytes: what the browser parses and matches), or
 *     copies more rules into color-mix() blocks (decision 110);
 *   - an expensive property appears more often than allowed (backdrop-filter repaints what lies under
 *     it on every frame it moves over; filter and box-shadow are painted on the main thread's behalf);
 *   - browser code reads layout (getBoundingClientRect, offsetHeight, getComputedStyle, ...) outside the
 *     few places listed below, each with its reason;
 *   - browser code makes an Intl formatter (its first load of locale data is one long task) outside the
 *     places listed below;
 *   - a rule skips content (`content-visibility: auto`) other than under the head's switch, which turns
 *     it off before any jump into the page (decision 149; decision 086: a link landed off its target).
 *
 *   node --import tsx scripts/style-check.ts       (BUILD_DIR as the server reads it; npm run build first)
 *
 * The ceilings are today's figures: lower them as the work of issue 39 removes the causes, never raise
 * them without a measured reason in the decision record.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { RENDER_NEAR_ONLY_CLASS } from "../app/lib/render-when-near";

const root = path.resolve(import.meta.dirname, "..");
const assets = path.join(path.resolve(root, process.env.BUILD_DIR ?? "build"), "client/assets");

/**
 * The stylesheet's raw size, in bytes: 53.2 KB after decision 110 (62.1 KB before), with room for this
 * round's new pages (56.9 KB once they landed), 0.8 KB for the fallback face per weight band
 * (decision 145: 57.7 KB), and 0.8 KB for the same faces in Roboto, for Android (decision 155: 58.5 KB).
 */
export const STYLESHEET_MAX_BYTES = 59 * 1024;

/**
 * Rules copied into an `@supports (color: color-mix(...))` block: Tailwind writes one for each colour
 * with an opacity whose value it cannot work out at build (a palette colour not in `@theme inline`, a
 * variable), beside a fallback. 56 before decision 110; today only rules whose colour is a variable.
 */
export const COLOR_MIX_COPIES_MAX = 3;
const COLOR_MIX_SUPPORTS = /@supports\s*\(color:\s*color-mix\(in lab,\s*red,\s*red\)\)/g;

/** Blocks of rules that exist only as a color-mix() copy of another. */
export function colorMixCopies(css: string): number {
  return css.match(COLOR_MIX_SUPPORTS)?.length ?? 0;
}

/** How often each costly property may appear in the built stylesheet. */
export const EXPENSIVE_PROPERTY_CEILINGS: Record<string, number> = {
  "backdrop-filter": 1,
  filter: 2,
  "box-shadow": 5,
  "mix-blend-mode": 0,
  "will-change": 0,
  // optimizeLegibility: every page's text shaped again with no visible difference (decision 110).
  "text-rendering": 0,
};

/** Reads that force the browser to lay the page out at once. */
const LAYOUT_READS =
  /\b(getBoundingClientRect|getClientRects|getComputedStyle|offset(?:Top|Left|Width|Height)|client(?:Top|Left|Width|Height)|scroll(?:Width|Height)|innerText)\b/;

/** Browser modules allowed to read layout, each with why: keep the list short. */
export const ALLOWED_LAYOUT_READS: Record<string, string> = {
  "app/lib/render-when-near.ts":
    "once, at the first click, submission or history step, never during the load: the middle of the screen kept in place as the skipped content above it takes its real height (decision 149)",
};

/**
 * Uses of Intl's locale data: the first formatter a page makes loads it, about 130 ms of one task on
 * a phone for a date format (decision 143), so the storefront's text is written by hand
 * (`~/shared/number-format`, `~/shared/dates`).
 */
const INTL_USES = /\b(new Intl\.|Intl\.supportedValuesOf|toLocale(?:Date|Time)?String|localeCompare)\b/;

/** Browser modules allowed to use Intl, each with why (a path ending in `/` allows a folder). */
export const ALLOWED_INTL_USES: Record<string, string> = {
  "app/shared/money.ts":
    "only for a currency outside its written table (decision 153), or an amount not in whole minor units",
  "app/shared/subscription-cycle.ts": "a time zone's offset on a day; called by the server only",
  "app/contracts/catalog.ts": "the currency codes, to check Shopify's data on the server",
  "app/content/legal/terms.ts": "a list of countries, rendered on the server into a prerendered page",
  "app/content/legal/data-inventory.ts": "lists of words, rendered on the server into a prerendered page",
  "app/components/admin/": "the operator's pages, on a desktop, not part of the storefront's budget",
};

/** The one selector prefix under which content may be skipped until it nears the screen (decision 149). */
export const SKIPPING_SWITCH = `.${RENDER_NEAR_ONLY_CLASS} `;

/** Selectors of rules that skip content (`content-visibility: auto`) outside the switch. */
export function contentSkippedOutsideSwitch(css: string): string[] {
  const rules = css.matchAll(/([^{};]+)\{[^{}]*content-visibility\s*:\s*auto[^{}]*\}/g);
  return [...rules]
    .map((rule) => (rule[1] as string).trim())
    .filter((selector) => !selector.split(",").every((part) => part.trim().startsWith(SKIPPING_SWITCH)));
}

/**
 * Declarations of `property` in a stylesheet: after `{` or `;`, so not a prefixed copy, a custom
 * property's name or an `@supports (property: …)` condition.
 */
export function propertyCount(css: string, property: string): number {
  const pattern = new RegExp(`(?<=[{;]\\s*)${property.replace(/-/g, "\\-")}\\s*:`, "g");
  return css.match(pattern)?.length ?? 0;
}

/** Lines of browser source files (app/, outside app/server and *.server.*) that match, with the line. */
export function linesMatching(files: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((line, index) => {
      if (pattern.test(line) && !line.trim().startsWith("*") && !line.trim().startsWith("//"))
        found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

/** Browser source files that read layout, with the line. */
export const layoutReadsIn = (files: string[]) => linesMatching(files, LAYOUT_READS);

/** Browser source files that use Intl's locale data outside `allowed`, with the line. */
export function intlUsesIn(files: string[], allowed = ALLOWED_INTL_USES): string[] {
  const isAllowed = (file: string) =>
    Object.keys(allowed).some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry));
  return linesMatching(files, INTL_USES).filter((hit) => !isAllowed(hit.split(":")[0] as string));
}

function browserSources(dir = "app"): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (rel !== "app/server") out.push(...browserSources(rel));
    } else if (/\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

function main() {
  const problems: string[] = [];
  const sheets = readdirSync(assets).filter((name) => name.endsWith(".css"));
  if (!sheets.length) throw new Error(`no stylesheet in ${assets}: run npm run build`);
  for (const sheet of sheets) {
    const css = readFileSync(path.join(assets, sheet), "utf8");
    const bytes = Buffer.byteLength(css);
    console.log(`${sheet}: ${(bytes / 1024).toFixed(1)} KB of ${STYLESHEET_MAX_BYTES / 1024} KB`);
    if (bytes > STYLESHEET_MAX_BYTES)
      problems.push(`${sheet} is ${(bytes / 1024).toFixed(1)} KB, over ${STYLESHEET_MAX_BYTES / 1024} KB`);
    const copies = colorMixCopies(css);
    console.log(`  color-mix() copies: ${copies} (at most ${COLOR_MIX_COPIES_MAX})`);
    if (copies > COLOR_MIX_COPIES_MAX)
      problems.push(
        `${sheet} has ${copies} color-mix() copies of rules, over ${COLOR_MIX_COPIES_MAX}: put the colour in @theme inline (app/styles/app.css)`,
      );
    for (const [property, ceiling] of Object.entries(EXPENSIVE_PROPERTY_CEILINGS)) {
      const count = propertyCount(css, property);
      console.log(`  ${property}: ${count} (at most ${ceiling})`);
      if (count > ceiling) problems.push(`${sheet} has ${count} ${property} declarations, over ${ceiling}`);
    }
    for (const selector of contentSkippedOutsideSwitch(css))
      problems.push(`${sheet} skips content outside the switch (decision 149): ${selector}`);
  }
  const reads = layoutReadsIn(browserSources()).filter(
    (hit) => !Object.hasOwn(ALLOWED_LAYOUT_READS, hit.split(":")[0] as string),
  );
  for (const hit of reads) problems.push(`layout read in browser code: ${hit}`);
  for (const hit of intlUsesIn(browserSources()))
    problems.push(`Intl in browser code (write the text by hand, decision 143): ${hit}`);
  if (problems.length) {
    for (const problem of problems) console.error(`FAIL ${problem}`);
    process.exit(1);
  }
  console.log("stylesheet, layout reads and Intl uses within their ceilings");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
