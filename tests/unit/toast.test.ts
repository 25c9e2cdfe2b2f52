import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, resetToasts, showToast, subscribeToasts, type Toast, updateToast } from "~/lib/toast";

describe("toast store", () => {
  afterEach(() => resetToasts());

  const current = () => {
    let seen: readonly Toast[] = [];
    subscribeToasts((t) => {
      seen = t;
    })();
    return seen;
  };

  it("stacks newest first, at most four", () => {
    for (let i = 1; i <= 6; i++) showToast({ title: `T${i}` });
    expect(current().map((t) => t.title)).toEqual(["T6", "T5", "T4", "T3"]);
  });

  it("keeps progress toasts until replaced, and times the others", () => {
    const id = showToast({ title: "Processing...", variant: "progress" });
    expect(current()[0]?.duration).toBe(0);
    updateToast(id, { title: "Checkout Error", description: "Unable to proceed", variant: "destructive" });
    expect(current()[0]).toMatchObject({ id, title: "Checkout Error", variant: "destructive" });
    expect(current()[0]?.duration).toBeGreaterThan(0);
  });

  it("dismisses by id", () => {
    const a = showToast({ title: "A" });
    showToast({ title: "B" });
    dismissToast(a);
    expect(current().map((t) => t.title)).toEqual(["B"]);
  });

  it("shows the same message once: a repeat moves to the top with a fresh id instead of stacking", () => {
    const first = showToast({ title: "Error", description: "Failed", variant: "destructive" });
    showToast({ title: "Other" });
    const again = showToast({ title: "Error", description: "Failed", variant: "destructive" });
    expect(again).not.toBe(first);
    expect(current().map((t) => t.title)).toEqual(["Error", "Other"]);
    // A different description is a different message.
    showToast({ title: "Error", description: "Something else", variant: "destructive" });
    expect(current()).toHaveLength(3);
  });

  it("lets a newer toast on the same topic replace the stale one", () => {
    showToast({ title: "Configuration needed", variant: "destructive", topic: "variant:test_item" });
    showToast({ title: "Unrelated" });
    showToast({ title: "Test product created", variant: "success", topic: "variant:test_item" });
    expect(current().map((t) => t.title)).toEqual(["Test product created", "Unrelated"]);
  });
});
