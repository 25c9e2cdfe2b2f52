import { fdaStatement } from "~/content/product";
import { footer } from "~/content/site";
import { expect, test } from "./support";

test.describe("footer", () => {
  test("shows the tagline, the disclaimer and © 2024 with the brand, word for word", async ({ page }) => {
    await page.goto("/");
    const contentinfo = page.getByRole("contentinfo");
    await expect(
      contentinfo.getByText(
        "Support natural testosterone—no needles, no labs, no Rx. Build strength the natural way.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(
      contentinfo.getByText("These statements have not been evaluated by the FDA.", { exact: true }),
    ).toBeVisible();
    await expect(contentinfo.getByText(/© 2024 Forge/)).toBeVisible();
    // The tagline's claim is tied by an asterisk to the full DSHEA statement, in bold, on every page.
    const tagline = contentinfo.getByText(footer.tagline, { exact: true }).locator("xpath=..");
    await expect(tagline).toHaveText(`${footer.tagline}*`);
    await expect(tagline.getByRole("link", { name: "See the FDA statement" })).toHaveAttribute(
      "href",
      "#fda-statement",
    );
    const statement = contentinfo.locator("#fda-statement strong", { hasText: fdaStatement });
    await expect(statement).toHaveText(`* ${fdaStatement}`);
    expect(
      await statement.evaluate((element) => Number(getComputedStyle(element).fontWeight)),
    ).toBeGreaterThanOrEqual(700);
  });

  test("has the Products and Support columns and the legal links", async ({ page }) => {
    await page.goto("/");
    const products = page.getByRole("navigation", { name: "Products" });
    await expect(products.getByRole("link")).toHaveText(["Enhancer", "Test Kit", "T-Quiz"]);
    await expect(products.getByRole("link", { name: "Enhancer" })).toHaveAttribute(
      "href",
      "/product/forge-enhancer",
    );
    await expect(products.getByRole("link", { name: "Test Kit" })).toHaveAttribute(
      "href",
      "/product/test-kit",
    );
    await expect(products.getByRole("link", { name: "T-Quiz" })).toHaveAttribute("href", "/quiz");
    const support = page.getByRole("navigation", { name: "Support" });
    await expect(support.getByRole("link")).toHaveText(["FAQ", "Contact", "Reviews", "About"]);
    for (const [name, href] of [
      ["FAQ", "/faq"],
      ["Contact", "/contact"],
      ["Reviews", "/reviews"],
      ["About", "/about"],
    ]) {
      await expect(support.getByRole("link", { name: name as string })).toHaveAttribute(
        "href",
        href as string,
      );
    }
    const legal = page.getByRole("navigation", { name: "Legal" });
    for (const link of footer.legalLinks) {
      await expect(legal.getByRole("link", { name: link.label })).toHaveAttribute("href", link.to);
    }
    await legal.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL("/legal/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  });

  test("has a labelled e-mail field and a Subscribe button", async ({ page }) => {
    await page.goto("/");
    const email = page.getByRole("textbox", { name: /e-mail/i });
    await expect(email).toHaveAttribute("placeholder", "Enter your email");
    await expect(email).toHaveAttribute("type", "email");
    await expect(page.getByRole("contentinfo").getByRole("button", { name: "Subscribe" })).toBeVisible();
  });
});

test.describe("the sandbox ribbon", () => {
  for (const path of ["/", "/product/forge-enhancer"]) {
    test(`covers none of the footer at the end of ${path}`, async ({ page }) => {
      await page.goto(path);
      const ribbon = page.getByRole("complementary", { name: "Sandbox notice" });
      await expect(ribbon).toHaveText("Sandbox: no real payments");
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const overlapping = await page.evaluate(() => {
        const box = document.querySelector(".sandbox-ribbon")?.getBoundingClientRect();
        if (!box) return ["no ribbon"];
        const footer = document.querySelector("body > footer");
        const texts = [...(footer?.querySelectorAll("a, p, input, button, h2") ?? [])];
        return texts
          .filter((element) => {
            const r = element.getBoundingClientRect();
            return r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
          })
          .map((element) => element.textContent?.trim() || element.outerHTML.slice(0, 60));
      });
      expect(overlapping).toEqual([]);
    });
  }
});
