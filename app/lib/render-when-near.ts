/**
 * Far content rendered as it nears the screen (docs/decisions/149-far-content-rendered-when-near.md).
 *
 * An element with the class `render-when-near` (a long page's sections below the first screen, the
 * footer) gets `content-visibility: auto` while the document carries `render-near-only`: the browser
 * skips its style, layout and paint until it comes near the viewport. That shortens the first render
 * task, which on a phone is most of the main thread's blocking time after the first paint.
 *
 * Skipped content has only an estimated height, so a jump into the page could land off its target
 * (decision 086), and a position saved while parts were estimated would be restored onto other content.
 * The switch below is therefore on only for a fresh load with no fragment, and turns off for good,
 * rendering the whole page, before any jump or any position is saved: at a click on a link (before the
 * browser or React Router scrolls to a fragment, or React Router saves where the visitor was), at a
 * form's submission, and at a step through history. The content above the screen then takes its real
 * height, so the page is scrolled by the difference: what sits in the middle of the screen stays where
 * it is (one layout, at that moment, never during the load). A reload, a load with a fragment and a
 * load from history never turn it on. Without JavaScript it is never on, and every page renders whole.
 */
export const RENDER_NEAR_ONLY_CLASS = "render-near-only";

/** A one-line script for the document's head, before the body is parsed. */
export const RENDER_NEAR_ONLY_SWITCH = `(function(d,w){var h=d.documentElement,p=w.performance,n=p&&p.getEntriesByType&&p.getEntriesByType("navigation")[0];if(w.location.hash||(n&&n.type!=="navigate"))return;h.classList.add("${RENDER_NEAR_ONLY_CLASS}");function all(){var x=d.elementFromPoint(w.innerWidth/2,w.innerHeight/2),y=x&&x.getBoundingClientRect().top;h.classList.remove("${RENDER_NEAR_ONLY_CLASS}");if(x){var m=x.getBoundingClientRect().top-y;if(m)w.scrollTo({top:w.scrollY+m,behavior:"instant"})}d.removeEventListener("click",link,true);d.removeEventListener("submit",all,true);w.removeEventListener("popstate",all)}function link(e){var t=e.target;if(t&&t.closest&&t.closest("a[href]"))all()}d.addEventListener("click",link,true);d.addEventListener("submit",all,true);w.addEventListener("popstate",all)})(document,window)`;
