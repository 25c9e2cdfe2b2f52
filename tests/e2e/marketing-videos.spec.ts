import { featuredHost, startingVideo, videoCategories, videoSeries } from "~/content/videos";
import { crossOrigin, expectInertButton, recordRequests } from "./marketing-helpers";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

const allVideos = videoCategories.flatMap((c) => c.videos);
const playable = allVideos.filter((v) => v.youtubeId);
const comingSoon = allVideos.filter((v) => !v.youtubeId);

test.describe("videos", () => {
  test("three categories, a featured host, a where-to-start card and two series", async ({ page }) => {
    await page.goto("/videos");
    const main = page.locator("main");
    expect(videoCategories).toHaveLength(3);
    for (const category of videoCategories) {
      const section = main.getByRole("region", { name: category.title });
      await expect(section.getByRole("article")).toHaveCount(category.videos.length);
      for (const video of category.videos) {
        const card = section.getByRole("article").filter({ hasText: video.title });
        await expect(card).toContainText(video.duration);
        await expect(card).toContainText(video.description);
        await expect(card.locator("img")).toHaveAttribute("src", video.thumbnail);
        await expect(card.locator("img")).toHaveAttribute("width", "640");
        await expect(card.locator("img")).toHaveAttribute("height", "360");
      }
    }
    const host = main.getByRole("region", { name: featuredHost.name });
    await expect(host).toContainText("Featured episode");
    await expect(host).toContainText(featuredHost.disclosure);
    // The spec's most-popular card, labelled for what it is: no view counts stand behind a "Most popular".
    const first = main.getByRole("article", { name: startingVideo.title });
    await expect(first).toContainText("Where to start");
    await expect(first.getByRole("button", { name: `Play video: ${startingVideo.title}` })).toBeVisible();

    const series = main.getByRole("region", { name: "Series" });
    await expect(series.getByRole("article")).toHaveCount(2);
    await expect(series).toContainText("Beginner series");
    await expect(series).toContainText("Advanced series");
  });

  test("the series buttons are real buttons that do nothing", async ({ page }) => {
    await page.goto("/videos");
    await waitForHydration(page);
    for (const { button } of videoSeries) {
      await expectInertButton(page, page.getByRole("button", { name: button }));
    }
  });

  test("an entry without a YouTube id says Coming soon and has no play button", async ({ page }) => {
    await page.goto("/videos");
    expect(comingSoon.length).toBeGreaterThan(0);
    for (const video of comingSoon) {
      const card = page.locator("main article").filter({ hasText: video.title });
      await expect(card).toContainText("Coming soon");
      await expect(card.getByRole("button")).toHaveCount(0);
    }
    for (const video of playable) {
      const cards = page.locator("main article").filter({ hasText: video.title });
      await expect(cards.first().getByRole("button", { name: `Play video: ${video.title}` })).toBeVisible();
      await expect(cards.first()).not.toContainText("Coming soon");
    }
  });

  test("the facade: no request to another origin before a click, then a youtube-nocookie iframe", async ({
    page,
    baseURL,
  }) => {
    const requests = recordRequests(page);
    await page.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
    await page.goto("/videos");
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState("networkidle");
    expect(crossOrigin(requests, baseURL ?? "")).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);

    const video = playable[0];
    if (!video?.youtubeId) throw new Error("a playable video is needed");
    const category = page.getByRole("region", { name: videoCategories[0]?.title ?? "" });
    const button = category.getByRole("button", { name: `Play video: ${video.title}` });
    const box = await button.boundingBox();
    await button.click();
    const frame = category.locator("iframe");
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute(
      "src",
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${video.youtubeId}\\?`),
    );
    await expect(frame).toHaveAttribute("title", video.title);
    // The iframe takes the thumbnail's box: nothing moves.
    const frameBox = await frame.boundingBox();
    expect(Math.round(frameBox?.height ?? 0)).toBe(Math.round(box?.height ?? -1));
    await expect
      .poll(() => crossOrigin(requests, baseURL ?? ""))
      .toContainEqual(expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\//));
    await expectNoAxeViolations(page);
  });
});
