import { expect, routeHeadings, test, waitForHydration, watchCspViolations } from "./support";

/**
 * One visit per route (on the desktop project: none of it depends on the width, decision 126) checks
 * what every page owes a visitor: HTTP 200, its heading, its
 * own title, description, canonical URL and Open Graph tags, an enforced CSP the page never
 * violates and no console error. Zero axe violations on every page route: accessibility.spec.ts.
 */
test.describe("every route of spec §2", () => {
  for (const { path, heading } of [
    ...routeHeadings,
    { path: "/no-such-page", heading: "Oops! Page not found" },
  ]) {
    const notFound = path === "/no-such-page";
    test(`${path}: status, heading, meta, CSP and console`, async ({ page }) => {
      // A page load, hydration and a navigation on two busy cores.
      test.setTimeout(90_000);
      const violations = await watchCspViolations(page);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        const text = message.text();
        // The 404 page logs its path by design, and the browser reports the document's own 404.
        const expected404 = notFound && (text.startsWith("404 Error:") || text.includes("status of 404"));
        if (message.type() === "error" && !expected404) errors.push(text);
      });

      const response = await page.goto(path);
      expect(response?.status()).toBe(notFound ? 404 : 200);
      const csp = response?.headers()["content-security-policy"] ?? "";
      // Inline scripts by this response's nonce, or on a page of fixed bytes by their hashes (decision 148).
      expect(csp).toMatch(/script-src 'self'(?: '(?:nonce-[^']+|sha256-[A-Za-z0-9+/]+=*)')+(;|$)/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      await expect(page).toHaveTitle(/\| Forge$/);

      if (!notFound) {
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{3,}.{10,}/);
        // The canonical origin is PUBLIC_SITE_URL at build time: absolute, ending in this path.
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        expect(new URL(canonical ?? "").pathname).toBe(path);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Forge/);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical ?? "");
        await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);
      }

      await waitForHydration(page);
      // A client-side navigation loads more code, which the CSP must allow too.
      await page.getByRole("link", { name: "Forge home" }).first().click();
      await expect(page).toHaveURL("/");
      await page.waitForLoadState("networkidle");
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test("the Enhancer from the page cache runs under its hash-only CSP: it hydrates and navigates, with no violation", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // The first visit streams the page and fills the cache (decision 014).
    await expect
      .poll(async () => (await request.get("/product/forge-enhancer")).headers()["x-page-cache"] ?? "none", {
        timeout: 30_000,
      })
      .toMatch(/^(hit|stale)$/);
    const violations = await watchCspViolations(page);
    const response = await page.goto("/product/forge-enhancer");
    expect(response?.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-[^;]*;/);
    expect(csp).not.toContain("nonce");
    // Hydrated: the module held until after the first paint ran under its hash (decision 086).
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forge home" }).first().click();
    await expect(page).toHaveURL("/");
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });

  test("/quiz opens on its first question; /results links to it", async ({ page }) => {
    await page.goto("/quiz");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The T-Quiz: 9 questions, 2 minutes");
    await expect(page.getByRole("group", { name: "How old are you?" })).toBeVisible();
    await page.goto("/results");
    await page.getByRole("link", { name: "Take the T-Quiz" }).click();
    await expect(page).toHaveURL("/quiz");
  });

  test("an unknown path answers 404 with the title, a link home, and logs the path once", async ({
    page,
  }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect(page).toHaveTitle(/Oops! Page not found/);
    await waitForHydration(page);
    await expect.poll(() => messages.filter((m) => m.includes("/no/such/page")).length).toBe(1);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("payment success, the test product and the results page are noindex; robots.txt and the sitemap list the public routes", async ({
    page,
    request,
  }) => {
    const private_ = ["/payment-success", "/test-product", "/results"];
    for (const path of private_) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    }
    await page.goto("/");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const origin = new URL((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "").origin;
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const { path } of routeHeadings) {
      const listed = sitemap.includes(`<loc>${origin}${path}</loc>`);
      expect(listed, path).toBe(!private_.includes(path));
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).toContain("Disallow: /test-product");
    expect(robots).toContain("Disallow: /results");
  });
});
