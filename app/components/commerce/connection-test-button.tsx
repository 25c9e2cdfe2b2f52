import { useState } from "react";
import { buttonClass } from "~/components/ui/button-link";
import { connectionTest } from "~/content/home";
import { testStoreConnection } from "~/lib/connection-test";

/**
 * The home page's "test the store connection" button (spec §4, §8): reports through toasts
 * (app/lib/connection-test.ts). A second press while a test runs does nothing.
 */
export function ConnectionTestButton({ className = "" }: { className?: string }) {
  const [testing, setTesting] = useState(false);
  const onClick = async () => {
    if (testing) return;
    setTesting(true);
    try {
      await testStoreConnection();
    } finally {
      setTesting(false);
    }
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-busy={testing}
      className={buttonClass("secondary", "md", className)}
      data-connection-test=""
    >
      {connectionTest.button}
    </button>
  );
}
