import { type RefObject, useLayoutEffect, useState } from "react";
import { useDocumentValues } from "~/lib/document-runtime";
import { type BeforeHydrationWidget, beforeHydrationScripts } from "./before-hydration";

/**
 * Writes one of ./before-hydration.ts's scripts right after a widget's root element. Only the server's
 * HTML runs it: in the browser the element is kept as served when hydrating, and one React inserts
 * (a client-side navigation) never runs. So the browser's bundle leaves the scripts' text out (the
 * build drops the functions that write it): the Enhancer page's JavaScript stays within its 125 KB. The nonce
 * is the page's CSP nonce (the browser hides it from the DOM, hence the warning off).
 */
export function BeforeHydrationScript({ widget }: { widget: BeforeHydrationWidget }) {
  const { nonce } = useDocumentValues();
  const code = import.meta.env.SSR ? beforeHydrationScripts[widget]() : "";
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ./before-hydration.ts.
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}

/**
 * A widget's state that its before-hydration script may have moved: it starts as the server rendered
 * it (so hydration matches), and before the first paint after hydration it takes what `read` finds in
 * the widget's elements, where the script left it (hydration does not patch attributes back). The root element is marked
 * `data-enhanced` then, and the script stops acting.
 */
export function useAdoptedState<T>(initial: T, root: RefObject<HTMLElement | null>, read: () => T) {
  const state = useState(initial);
  const setState = state[1];
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the widget hydrates.
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    element.dataset.enhanced = "true";
    setState(read());
  }, []);
  return state;
}
