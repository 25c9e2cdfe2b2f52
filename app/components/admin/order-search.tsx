import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";

/**
 * The order list's search: an order number or a shopper's whole e-mail address, as a shopper's message
 * gives them. A plain GET form, so a search is a link the operator can keep or share with a colleague.
 */
export function OrderSearch({ query, problem }: { query: string | null; problem: string | null }) {
  return (
    <search className="block max-w-3xl">
      <form method="get" action="/admin/orders">
        <label htmlFor="order-search" className="block font-bold text-white">
          Find an order
        </label>
        <p id="order-search-hint" className="mt-1 text-sm text-ink-300">
          Its number (#1042) or the shopper's whole e-mail address.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <input
            id="order-search"
            name="q"
            type="search"
            defaultValue={query ?? ""}
            maxLength={320}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "order-search-hint order-search-problem" : "order-search-hint"}
            className="block min-h-12 min-w-0 grow basis-64 rounded-xl border border-ink-500 bg-ink-900 px-4 text-white placeholder:text-ink-400 focus:border-ember-400 focus:outline-2 focus:outline-ember-400"
          />
          <button type="submit" className={buttonClass("primary", "md")}>
            Search
          </button>
          {query ? (
            <Link to="/admin/orders" className={`${TEXT_LINK} inline-flex min-h-12 items-center`}>
              Show all orders
            </Link>
          ) : null}
        </div>
        {problem ? (
          <p id="order-search-problem" className="mt-2 text-sm font-bold text-danger-400">
            {problem}
          </p>
        ) : null}
      </form>
    </search>
  );
}
