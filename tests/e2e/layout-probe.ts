/**
 * What a shopper would see as a broken layout, measured in the browser (issue 20 item 5). Runs inside
 * the page through `page.evaluate`, so it is one self-contained function: no imports, no closures.
 * Returns one line per problem, naming the element, so a failing test says where to look.
 */
export function layoutProblems(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const viewport = root.clientWidth;
  const label = (element: Element) => {
    const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${text}"`;
  };
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || style.display === "none") return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  // Screen-reader-only text (Tailwind's sr-only, also behind a breakpoint such as max-md:sr-only) is
  // clipped to a pixel on purpose.
  const srOnly = (element: Element) => {
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return true;
      if (style.position === "absolute" && Number.parseFloat(style.width) <= 1) return true;
    }
    return false;
  };
  const scrollsSideways = (element: Element | null) => {
    for (let node = element; node && node !== root; node = node.parentElement) {
      const overflowX = getComputedStyle(node).overflowX;
      if (overflowX === "auto" || overflowX === "scroll") return true;
    }
    return false;
  };

  // 1. Nothing makes the page scroll sideways.
  if (root.scrollWidth > viewport + 1) {
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => visible(element) && !srOnly(element) && !scrollsSideways(element.parentElement))
      .filter((element) => element.getBoundingClientRect().right > viewport + 1)
      .slice(0, 3)
      .map(label);
    problems.push(
      `the page scrolls sideways (${root.scrollWidth}px > ${viewport}px): ${culprits.join(", ")}`,
    );
  }

  // 2. No text cut off by a box that hides its overflow (a clipped table header, a truncated label).
  // Measured on the text a visitor reads: decorative, aria-hidden overflow is clipped on purpose.
  const textRects = (element: Element) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("[aria-hidden='true']") || srOnly(parent) || !node.textContent?.trim())
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
    }
    return rects;
  };
  for (const element of document.body.querySelectorAll("*")) {
    if (!visible(element) || srOnly(element)) continue;
    const style = getComputedStyle(element);
    const hides = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    if (!hides) continue;
    const box = element.getBoundingClientRect();
    if (textRects(element).some((r) => r.right > box.right + 1 || r.left < box.left - 1))
      problems.push(`text is cut off: ${label(element)}`);
  }
  for (const cell of document.body.querySelectorAll("th, td")) {
    if (!visible(cell) || srOnly(cell)) continue;
    const cellRect = cell.getBoundingClientRect();
    // The text a visitor sees: a screen-reader-only phrase in the cell is clipped on purpose.
    const right = Math.max(Number.NEGATIVE_INFINITY, ...textRects(cell).map((r) => r.right));
    if (right > cellRect.right + 1 && !scrollsSideways(cell))
      problems.push(`a table cell's text runs past its edge: ${label(cell)}`);
  }

  // 3. No word broken across lines in headings, navigation, buttons and table headers.
  // How many lines the rectangles sit on: a new line starts below the previous one's middle, so type
  // of several sizes (or an icon) in one line still counts as one.
  const lineCount = (rects: DOMRect[]) => {
    const sorted = rects.filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
    let lines = 0;
    let lineBottom = Number.NEGATIVE_INFINITY;
    for (const rect of sorted) {
      if (rect.top + rect.height / 2 > lineBottom) {
        lines += 1;
        lineBottom = rect.bottom;
      } else lineBottom = Math.max(lineBottom, rect.bottom);
    }
    return lines;
  };
  const lineTops = (range: Range) => lineCount([...range.getClientRects()]);
  for (const element of document.body.querySelectorAll("h1, h2, h3, header a, nav a, button, th")) {
    if (!visible(element) || srOnly(element)) continue;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement && srOnly(node.parentElement)) continue;
      const text = node.textContent ?? "";
      // Hyphens, and the underscores and colons of storage names, are places a line may break.
      for (const match of text.matchAll(/[^\s\-_:]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        if (lineTops(range) > 1) problems.push(`"${match[0]}" is broken across lines in ${label(element)}`);
      }
    }
  }

  // 4. The header's links each stay on one line.
  for (const link of document.querySelectorAll("body > header a, body > header button")) {
    if (!visible(link) || srOnly(link)) continue;
    if (lineCount(textRects(link)) > 1) problems.push(`a header item wraps: ${label(link)}`);
  }

  // 5. Display headings keep visible spaces between words (tight tracking must not swallow them).
  for (const heading of document.querySelectorAll(".heading-display")) {
    if (!visible(heading)) continue;
    const fontSize = Number.parseFloat(getComputedStyle(heading).fontSize);
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    const node = walker.nextNode();
    const text = node?.textContent ?? "";
    const space = text.search(/\S /);
    if (!node || space < 0) continue;
    const range = document.createRange();
    range.setStart(node, space + 1);
    range.setEnd(node, space + 2);
    const rects = [...range.getClientRects()];
    // A space at a line end has no width: only measure one that sits inside a line.
    const width = rects.length === 1 ? (rects[0]?.width ?? 0) : null;
    if (width !== null && width > 0 && width < fontSize * 0.2)
      problems.push(`the spaces in ${label(heading)} are ${width.toFixed(1)}px at ${fontSize}px type`);
  }

  // 6. The sandbox ribbon covers nothing a visitor reads or uses, at any scroll position (a fixed pill
  //    covered an FAQ toggle, review text and the contact e-mail link mid-page: issue 32 item 15).
  //    What it could cover is measured once, in page coordinates (controls by their box, text by the
  //    lines it draws: a paragraph's box spans the width); the ribbon is measured at each position.
  const ribbon = document.querySelector(".sandbox-ribbon");
  if (ribbon && visible(ribbon)) {
    window.scrollTo({ top: 0, behavior: "instant" });
    const inPage = (t: DOMRect) => ({
      left: t.left,
      right: t.right,
      top: t.top + window.scrollY,
      bottom: t.bottom + window.scrollY,
      width: t.width,
    });
    const candidates = [
      ...document.body.querySelectorAll(
        "a, button, input, select, textarea, summary, p, li, h2, h3, dd, dt, small",
      ),
    ].filter(
      (target) =>
        target !== ribbon &&
        !ribbon.contains(target) &&
        visible(target) &&
        !srOnly(target) &&
        // These stay put on screen as the page scrolls: page coordinates do not hold for them.
        !target.closest("header, .sticky-buy-bar, [aria-label='Notifications']"),
    );
    const boxes = candidates.map((target) => {
      if (target.matches("a, button, input, select, textarea, summary"))
        return { target, rects: [inPage(target.getBoundingClientRect())] };
      const range = document.createRange();
      range.selectNodeContents(target);
      return { target, rects: [...range.getClientRects()].map(inPage) };
    });
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let top = 0; top <= root.scrollHeight; top += step) {
      window.scrollTo({ top, behavior: "instant" });
      const r = inPage(ribbon.getBoundingClientRect());
      const covered = boxes.find(({ rects }) =>
        rects.some(
          (t) => t.width > 0 && t.left < r.right && t.right > r.left && t.top < r.bottom && t.bottom > r.top,
        ),
      );
      if (covered) {
        problems.push(`the sandbox ribbon covers ${label(covered.target)} (scrolled to ${top}px)`);
        break;
      }
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  }
  return problems;
}
