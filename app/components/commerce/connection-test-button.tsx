import { buttonClass } from "~/components/ui/button-link";
import { connectionTest } from "~/content/home";

/**
 * The home page's "test the store connection" button (spec §4, §8). Drawn here; the flow that
 * fetches the product and reports through toasts is wired in the storefront-flows issue.
 */
export function ConnectionTestButton({ className = "" }: { className?: string }) {
  return (
    <button type="button" className={buttonClass("secondary", "md", className)} data-connection-test="">
      {connectionTest.button}
    </button>
  );
}
