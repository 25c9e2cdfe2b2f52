/**
 * The tabs and the accordion work from the server's HTML, before React has hydrated them: hydration
 * starts after the first paint (decision 086), so on a slow phone a tap can come first, and it used to
 * do nothing. Each widget writes one of these classic scripts right after its root element (as a last
 * child it would change what `divide-y` and `space-y` draw); the script listens on that element and
 * does what the component would: aria-selected / aria-expanded, the roving tabindex, the panels'
 * `hidden`, and the looks (the tabs swap their class lists; the accordion's mark takes the class list
 * the component gives it). Once the component has hydrated it marks the root element `data-enhanced`,
 * takes over the state the script left (useAdoptedState), and the script steps aside. Written on the
 * server only, under the CSP nonce; ES5, so every browser that gets the page runs them (decision 141).
 */

/** Helpers both scripts start with: `r` the root element, `on` a listener until the component takes over. */
const PRELUDE =
  "var d=document;function on(n,f){r.addEventListener(n,function(e){if(!r.dataset.enhanced)f(e)})}" +
  "function all(s){return[].slice.call(r.querySelectorAll(s))}" +
  "function panel(x){return d.getElementById(x.getAttribute('aria-controls'))}" +
  "function idx(l,e){return l.indexOf(e.target.closest&&e.target.closest('button'))}";

const wrap = (body: string) =>
  `(function(r){${PRELUDE}${body}})(document.currentScript.previousElementSibling)`;

/** Tabs (./tabs.tsx): a click, or ArrowLeft/ArrowRight (wrapping), Home or End, selects a tab. */
const tabsScript = () =>
  wrap(
    "var t=all('[role=\"tab\"]');" +
      "function cur(){for(var i=0;i<t.length;i++)if(t[i].getAttribute('aria-selected')==='true')return i;return 0}" +
      "function go(n){var o=cur(),a=t[o],b=t[n];if(o!==n){var c=a.className;a.className=b.className;b.className=c;" +
      "a.setAttribute('aria-selected','false');b.setAttribute('aria-selected','true');a.tabIndex=-1;b.tabIndex=0;" +
      "panel(a).hidden=true;panel(b).hidden=false}b.focus()}" +
      "on('click',function(e){var i=idx(t,e);if(i>=0)go(i)});" +
      "on('keydown',function(e){if(idx(t,e)<0)return;var i=cur(),l=t.length-1," +
      "k={ArrowRight:i===l?0:i+1,ArrowLeft:i===0?l:i-1,Home:0,End:l}[e.key];" +
      "if(k===undefined)return;e.preventDefault();go(k)})",
  );

/** The round mark at the end of an accordion's question: a plus, turned into a close mark while open. */
export function accordionMarkClass(open: boolean): string {
  return `grid size-8 shrink-0 place-items-center rounded-full border border-white/15 transition-transform duration-200 motion-reduce:transition-none ${
    open ? "rotate-45 border-ember-500 text-ember-400" : "text-ink-200"
  }`;
}

/**
 * Accordion (./accordion.tsx): a click opens a header's panel and closes the one open, or closes its own
 * (spec §4); ArrowDown/ArrowUp (wrapping), Home and End move between headers.
 */
const accordionScript = () =>
  wrap(
    "var h=all('button[aria-controls]');" +
      `var mark=${JSON.stringify([accordionMarkClass(false), accordionMarkClass(true)])};` +
      "function set(x,v){x.setAttribute('aria-expanded',v?'true':'false');panel(x).hidden=!v;" +
      "x.lastElementChild.className=mark[v?1:0]}" +
      "on('click',function(e){var i=idx(h,e);if(i<0)return;var b=h[i],v=b.getAttribute('aria-expanded')!=='true';" +
      "h.forEach(function(x){if(x!==b&&x.getAttribute('aria-expanded')==='true')set(x,false)});set(b,v)});" +
      "on('keydown',function(e){var i=idx(h,e);if(i<0)return;var l=h.length-1," +
      "k={ArrowDown:i===l?0:i+1,ArrowUp:i===0?l:i-1,Home:0,End:l}[e.key];" +
      "if(k===undefined)return;e.preventDefault();h[k].focus()})",
  );

/**
 * A widget's script. Functions, not constants: the browser's bundle calls none of them (the component
 * writes the script on the server only), so the build drops them all.
 */
export const beforeHydrationScripts = { tabs: tabsScript, accordion: accordionScript };
export type BeforeHydrationWidget = keyof typeof beforeHydrationScripts;
