import { Link } from "react-router";
import { reviewsPage } from "~/content/reviews";

const pageLink =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-full border border-ink-500 px-4 text-sm font-bold text-ink-100 transition-colors hover:border-ember-400 hover:text-ember-300";

/** Previous and next (rel=prev/next) and the page numbers around this one, as links. */
export function ReviewPagination({
  page,
  pageCount,
  hrefForPage,
}: {
  page: number;
  pageCount: number;
  hrefForPage: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const numbers = pagesAround(page, pageCount);
  return (
    <nav aria-label={reviewsPage.pagination} className="mt-10">
      <p className="sr-only">{reviewsPage.pageOf(page, pageCount)}</p>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefForPage(page - 1)} rel="prev" className={pageLink}>
              <span aria-hidden="true">←&nbsp;</span>
              {reviewsPage.previous}
            </Link>
          </li>
        ) : null}
        {numbers.map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no identity but their place.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-300">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={hrefForPage(number)}
                aria-current={number === page ? "page" : undefined}
                aria-label={`Page ${number}`}
                className={`${pageLink} ${number === page ? "border-ember-400 bg-ember-500 text-ink-950 hover:text-ink-950" : ""}`}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefForPage(page + 1)} rel="next" className={pageLink}>
              {reviewsPage.next}
              <span aria-hidden="true">&nbsp;→</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** 1 … 4 5 6 … 20: the first, the last, and this page's neighbours; null where pages are left out. */
export function pagesAround(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  const numbers = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of numbers) {
    const last = out[out.length - 1];
    if (typeof last === "number" && n - last > 1) out.push(n - last === 2 ? last + 1 : null);
    out.push(n);
  }
  return out;
}
