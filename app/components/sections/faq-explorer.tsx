import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { Icon } from "~/components/ui/icon";
import { RichTextBlocks } from "~/components/ui/rich-text";
import { TEXT_LINK } from "~/components/ui/text-link";
import type { FaqEntry, FaqGroup, faqPageCopy } from "~/content/faq-page";
import { plainText } from "~/content/rich-text";

type Copy = typeof faqPageCopy;

/** Lower case, accents and punctuation gone: "Zinc’s" and "zincs" find the same answer. */
function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}µ]+/gu, " ")
    .trim();
}

/**
 * Opens the question a `#<id>` names. Chromium opens a closed <details> around a fragment's target by
 * itself (the HTML "ancestor details revealing" step), with or without JavaScript; this covers the
 * browsers that do not yet, links followed inside the app, and a target the search has hidden.
 */
function revealHashTarget(hash: string, clearSearch: () => void) {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return;
  const target = document.getElementById(id);
  const details = target?.closest("details");
  if (!target || !details) return;
  const filteredOut = details.closest("[hidden]") !== null;
  if (details.open && !filteredOut) return;
  if (filteredOut) clearSearch();
  details.open = true;
  // After React has shown the item again (a search may have hidden it), bring its question into view.
  requestAnimationFrame(() => target.scrollIntoView());
}

function FaqItem({ entry, copy, hidden }: { entry: FaqEntry; copy: Copy; hidden: boolean }) {
  return (
    <details
      hidden={hidden}
      className="group/item relative rounded-xl border border-white/10 bg-ink-800/60 open:border-white/20 has-[:target]:border-ember-500/70"
    >
      <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-bold text-white hover:text-ember-300 sm:px-6 sm:text-lg [&::-webkit-details-marker]:hidden">
        <span>{entry.question}</span>
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-full border border-white/15 text-ink-200 transition-transform duration-200 group-open/item:rotate-45 group-open/item:border-ember-500 group-open/item:text-ember-400 motion-reduce:transition-none"
        >
          <Icon name="plus" className="size-4" />
        </span>
      </summary>
      <div className="px-5 pb-6 text-base leading-relaxed text-ink-200 sm:px-6">
        {/* The anchor sits inside the answer (so following it opens the item, also without
            JavaScript) but is placed at the item's top, so the question scrolls into view. */}
        <span id={entry.id} className="absolute top-0 left-0 scroll-mt-24" />
        <RichTextBlocks blocks={entry.answer} />
        <a
          href={`#${entry.id}`}
          className="mt-5 inline-flex min-h-10 items-center gap-1.5 text-sm font-bold text-ink-300 underline underline-offset-4 hover:text-ember-300"
        >
          {copy.linkToAnswer}
          <span className="sr-only">: {entry.question}</span>
        </a>
      </div>
    </details>
  );
}

/**
 * The FAQ page's questions: groups of native <details> (they open and close without JavaScript, and
 * the browser's find-in-page opens them), a search that filters as you type and announces the count,
 * and `/faq#<id>` links that open their question.
 */
export function FaqExplorer({ groups, copy }: { groups: readonly FaqGroup[]; copy: Copy }) {
  const [query, setQuery] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  const { hash } = useLocation();

  const index = useMemo(
    () =>
      new Map(
        groups.flatMap((group) =>
          group.entries.map((entry) => [entry.id, normalize(`${entry.question} ${plainText(entry.answer)}`)]),
        ),
      ),
    [groups],
  );
  const total = index.size;
  const terms = normalize(query).split(" ").filter(Boolean);
  const matches = (entry: FaqEntry) => terms.every((term) => index.get(entry.id)?.includes(term));
  const matchCount = groups.reduce((sum, group) => sum + group.entries.filter(matches).length, 0);
  const searching = terms.length > 0;

  const clearSearch = () => {
    setQuery("");
    if (inputRef.current) inputRef.current.value = "";
  };

  // Text typed before the page hydrated is still in the field: filter by it.
  useEffect(() => {
    if (inputRef.current?.value) setQuery(inputRef.current.value);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the fragment changes.
  useEffect(() => {
    revealHashTarget(hash, clearSearch);
  }, [hash]);

  const status = !searching
    ? `${total} questions`
    : matchCount === 0
      ? copy.search.noMatch
      : `${matchCount} of ${total} questions match`;

  return (
    <div className="container-page py-12 sm:py-16">
      <div className="grid gap-10 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-14">
        <div className="space-y-8 lg:sticky lg:top-24 lg:self-start">
          {/* Filtering needs JavaScript: without it the field is hidden and every question shows. */}
          <search className="noscript:hidden">
            <label htmlFor={inputId} className="mb-2 block text-sm font-bold text-white">
              {copy.search.label}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="search"
              defaultValue=""
              onChange={(event) => setQuery(event.currentTarget.value)}
              placeholder={copy.search.placeholder}
              aria-describedby={statusId}
              autoComplete="off"
              spellCheck={false}
              className="min-h-12 w-full rounded-full border border-white/20 bg-ink-800 px-5 text-base text-white placeholder:text-ink-300 focus-visible:border-ember-400"
            />
            <p id={statusId} role="status" className="mt-2 min-h-5 text-sm text-ink-200">
              {status}
            </p>
          </search>

          <nav aria-label={copy.sectionsLabel}>
            <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
              {groups.map((group) => {
                const count = group.entries.filter(matches).length;
                return (
                  <li key={group.id} hidden={count === 0}>
                    <a
                      href={`#${group.id}`}
                      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white/15 px-4 text-sm font-bold text-ink-100 hover:border-ember-400 hover:text-ember-300 lg:w-full lg:justify-between lg:rounded-xl lg:border-transparent lg:px-3 lg:hover:border-white/15"
                    >
                      <span>{group.title}</span>
                      <span className="text-xs font-semibold text-ink-300">{count}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>

          <p className="hidden text-sm text-ink-200 lg:block">
            {copy.notFound}{" "}
            <Link to={copy.contactLink.to} className={TEXT_LINK}>
              {copy.contactLink.label}
            </Link>
          </p>
        </div>

        <div className="min-w-0 space-y-12">
          {groups.map((group) => {
            const visible = group.entries.filter(matches);
            return (
              <section
                key={group.id}
                id={group.id}
                aria-labelledby={`${group.id}-title`}
                hidden={visible.length === 0}
                className="scroll-mt-24"
              >
                <h2 id={`${group.id}-title`} className="heading-display text-2xl text-white sm:text-3xl">
                  {group.title}
                </h2>
                {/* A gap, not borders between items: hidden items leave no stray line behind. */}
                <div className="mt-5 flex flex-col gap-3">
                  {group.entries.map((entry) => (
                    <FaqItem key={entry.id} entry={entry} copy={copy} hidden={!visible.includes(entry)} />
                  ))}
                </div>
              </section>
            );
          })}

          {searching && matchCount === 0 ? (
            <div className="card p-6 sm:p-8">
              <p className="text-xl font-black text-white">
                {copy.search.noMatch} “{query.trim()}”.
              </p>
              <p className="mt-3 text-ink-200">
                {copy.search.noMatchHint}{" "}
                <Link to={copy.contactLink.to} className={TEXT_LINK}>
                  {copy.contactLink.label}
                </Link>
              </p>
              <button
                type="button"
                onClick={() => {
                  clearSearch();
                  inputRef.current?.focus();
                }}
                className={buttonClass("secondary", "sm", "mt-6")}
              >
                {copy.search.clear}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
