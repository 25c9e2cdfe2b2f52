import { placeholderVariantIds } from "~/content/catalog";
import { expect, isMobile, test, waitForHydration } from "./support";

test("the same toast twice shows once, can be dismissed, and never covers the sticky bar's button", async ({
  page,
}) => {
  test.skip(!isMobile(page), "the sticky bar exists on small screens only");
  await page.addInitScript(
    (id) => window.localStorage.setItem("FORGE_ENHANCER_VARIANT_ID", id),
    placeholderVariantIds.enhancer,
  );
  await page.goto("/product/forge-enhancer");
  await waitForHydration(page);
  const stickyButton = page.locator(".sticky-buy-bar").getByRole("button", { name: /Add to Cart/i });
  await expect(stickyButton).toBeVisible();

  await stickyButton.click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("alert")).toHaveCount(1);
  // A second tap on the same button repeats the message in place rather than stacking a copy.
  await stickyButton.click();
  const toasts = page.getByRole("region", { name: "Notifications" }).getByRole("alert");
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText("Product not configured");

  const button = await stickyButton.boundingBox();
  for (const toast of await toasts.all()) {
    const box = await toast.boundingBox();
    expect(box && button).toBeTruthy();
    if (!box || !button) continue;
    const overlaps =
      box.x < button.x + button.width &&
      button.x < box.x + box.width &&
      box.y < button.y + button.height &&
      button.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }
  // The sticky button is still the element a tap at its centre reaches.
  if (button) {
    const reached = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest("button")?.textContent,
      [button.x + button.width / 2, button.y + button.height / 2],
    );
    expect(reached).toMatch(/Add to Cart/i);
  }

  await toasts.first().getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toasts).toHaveCount(0);
});
