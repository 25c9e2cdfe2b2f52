import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { ADMIN_REVIEW_LIMITS, type AdminReviewFilter } from "~/contracts/admin-reviews";

/**
 * The list's filter (a GET form: the filter is in the address, so it can be bookmarked and works
 * without JavaScript) and its pages.
 */

const SELECT =
  "mt-2 block min-h-12 w-full rounded-xl border border-ink-500 bg-ink-900 px-4 text-white focus:border-ember-400 focus:outline-2 focus:outline-ember-400";

/** The page's address for a filter (empty parts left out). */
export function filterHref(filter: AdminReviewFilter, page = filter.page): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.stars) params.set("stars", String(filter.stars));
  if (filter.product) params.set("product", filter.product);
  if (filter.search) params.set("q", filter.search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/reviews${query ? `?${query}` : ""}#all-reviews`;
}

export function ReviewFilter({ filter, products }: { filter: AdminReviewFilter; products: string[] }) {
  return (
    <search aria-label="Filter reviews">
      <form
        method="get"
        action="/admin/reviews#all-reviews"
        className="grid items-end gap-4 rounded-card border border-white/10 bg-ink-800 p-5 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.5fr)_auto]"
      >
        <div>
          <label htmlFor="filter-status" className="block text-sm font-bold text-white">
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={filter.status ?? ""} className={SELECT}>
            <option value="">All</option>
            <option value="published">Published</option>
            <option value="held">Held</option>
            <option value="rejected">Rejected</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-stars" className="block text-sm font-bold text-white">
            Stars
          </label>
          <select id="filter-stars" name="stars" defaultValue={filter.stars ?? ""} className={SELECT}>
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>{`${stars} star${stars === 1 ? "" : "s"}`}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-product" className="block text-sm font-bold text-white">
            Product
          </label>
          <select id="filter-product" name="product" defaultValue={filter.product ?? ""} className={SELECT}>
            <option value="">All</option>
            {products.map((product) => (
              <option key={product} value={product}>
                {product}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-q" className="block text-sm font-bold text-white">
            Text contains
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={ADMIN_REVIEW_LIMITS.search}
            defaultValue={filter.search ?? ""}
            className={SELECT}
          />
        </div>
        <div className="flex items-center gap-4">
          <button type="submit" className={buttonClass("primary", "md")}>
            Filter
          </button>
          <Link to="/admin/reviews#all-reviews" className={TEXT_LINK}>
            Clear
          </Link>
        </div>
      </form>
    </search>
  );
}

export function ReviewPages({
  filter,
  hasPrevious,
  hasNext,
}: {
  filter: AdminReviewFilter;
  hasPrevious: boolean;
  hasNext: boolean;
}) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label="Pages of reviews" className="flex justify-between gap-4">
      {hasPrevious ? (
        <Link to={filterHref(filter, filter.page - 1)} className={TEXT_LINK}>
          ← Newer reviews
        </Link>
      ) : (
        <span />
      )}
      <span className="text-ink-300">Page {filter.page}</span>
      {hasNext ? (
        <Link to={filterHref(filter, filter.page + 1)} className={TEXT_LINK}>
          Older reviews →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
