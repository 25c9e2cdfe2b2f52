import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Stars } from "~/components/ui/stars";
import { STAR_SIZE } from "~/lib/document-text";

/** The star as it was drawn before decision 151, one path per star moved by a transform. */
const ONE_STAR = "m12 2.5 2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.3l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9L12 2.5Z";

/** The corners of each closed outline in a path of M/m, L/l (with implicit repeats) and Z. */
function outlines(d: string): Array<Array<[number, number]>> {
  const tokens = d.match(/[MmLlZz]|-?\d*\.?\d+/g) ?? [];
  const shapes: Array<Array<[number, number]>> = [];
  let command = "";
  let x = 0;
  let y = 0;
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i] ?? "";
    if (/[MmLlZz]/.test(token)) {
      command = token;
      i++;
      if (command === "Z" || command === "z") continue;
    }
    const dx = Number(tokens[i]);
    const dy = Number(tokens[i + 1]);
    i += 2;
    const relative = command === "m" || command === "l";
    x = relative ? x + dx : dx;
    y = relative ? y + dy : dy;
    if (command === "M" || command === "m") {
      shapes.push([]);
      // Pairs after a moveto are lines of the same kind.
      command = command === "m" ? "l" : "L";
    }
    shapes.at(-1)?.push([Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
  }
  // A last corner back on the first is the outline closing itself, which Z does anyway.
  return shapes.map((points) => {
    const [first, last] = [points[0], points.at(-1)];
    return points.length > 1 && first?.[0] === last?.[0] && first?.[1] === last?.[1]
      ? points.slice(0, -1)
      : points;
  });
}

describe("the star rating's drawing (decision 151)", () => {
  const markup = renderToStaticMarkup(createElement(Stars, { value: 4.8, label: "Rated 4.8 out of 5" }));
  const paths = [...markup.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1] ?? "");

  it("is two paths, the grey five stars and the gold ones clipped to the rating", () => {
    expect(paths).toHaveLength(2);
    expect(paths[0]).toBe(paths[1]);
    expect(markup).toContain('<title id="');
    expect(markup).toContain(">Rated 4.8 out of 5</title>");
    expect(markup).toMatch(/<svg width="113.7" height="24" class="fill-gold-400">/);
  });

  it("draws the same five stars as five moved copies of one star did", () => {
    const [star] = outlines(ONE_STAR);
    const five = outlines(paths[0] ?? "");
    expect(five).toHaveLength(5);
    five.forEach((points, index) => {
      expect(points).toEqual(
        (star ?? []).map(([x, y]) => [Math.round((x + index * STAR_SIZE) * 10) / 10, y]),
      );
      // Each star stays in its own cell, where the filled width's arithmetic expects its shape.
      for (const [x] of points) {
        expect(x).toBeGreaterThanOrEqual(index * STAR_SIZE + 2.5);
        expect(x).toBeLessThanOrEqual(index * STAR_SIZE + 21.5);
      }
    });
  });
});
