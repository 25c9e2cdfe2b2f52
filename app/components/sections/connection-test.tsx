import { ConnectionTestButton } from "~/components/commerce/connection-test-button";
import { connectionTest } from "~/content/home";

/** Home: the store connection check (spec §2), a quiet strip above the footer. */
export function ConnectionTest() {
  return (
    <section aria-labelledby="connection-test" className="render-when-near container-page pb-16 sm:pb-24">
      <div className="flex flex-col gap-4 rounded-card border border-dashed border-white/15 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="connection-test" className="text-lg font-extrabold text-white">
            {connectionTest.title}
          </h2>
          <p className="mt-1 text-ink-200">{connectionTest.text}</p>
        </div>
        <ConnectionTestButton className="shrink-0" />
      </div>
    </section>
  );
}
