/**
 * The site's one web font, declared in the document's head rather than in the stylesheet, and its load
 * started there by a one-line script (docs/decisions/086-hydration-after-first-paint.md). A face
 * declared only in CSS starts loading when the first style pass finds text that uses it; the
 * preloaded file is then in hand but the face becomes usable a task later, after the first layout, and
 * the whole page is laid out again when it swaps in. On the long pages (the Deep Dive, the privacy
 * notice) that second layout was most of the Total Blocking Time left. Started early, the face is
 * usable when the stylesheet arrives. Without JavaScript it loads as before, when the text needs it.
 */
export const WEB_FONT_FAMILY = "Archivo Variable";

const UNICODE_RANGE =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

/** The @font-face rule for the file at `url` (the build's hashed asset). */
export const webFontFace = (url: string) =>
  `@font-face{font-family:"${WEB_FONT_FAMILY}";font-style:normal;font-display:swap;font-weight:100 900;src:url(${JSON.stringify(url)}) format("woff2-variations");unicode-range:${UNICODE_RANGE}}`;

/**
 * Starts loading the face at once (the preload's response is used; nothing is fetched twice). A file
 * that fails to load leaves the fallback face in use, as the stylesheet alone would: not an error.
 */
export const WEB_FONT_LOADER = `document.fonts&&document.fonts.load('1em "${WEB_FONT_FAMILY}"').catch(function(){})`;
