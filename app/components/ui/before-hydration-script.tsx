import { type RefObject, useLayoutEffect, useState } from "react";
import { useDocumentValues } from "~/lib/document-runtime";

/**
 * Writes one of ./before-hydration.ts's scripts right after a widget's container. React
 * creates it inert on a client-side render (a script React inserts never runs): only the server's HTML
 * runs it. The nonce is the page's CSP nonce (the browser hides it from the DOM, hence the warning off).
 */
export function BeforeHydrationScript({ code }: { code: string }) {
  const { nonce } = useDocumentValues();
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
 * the DOM, where the script left it (hydration does not patch attributes back). The container is marked
 * `data-enhanced` then, and the script stops acting.
 */
export function useAdoptedState<T>(
  initial: T,
  container: RefObject<HTMLElement | null>,
  read: (container: HTMLElement) => T,
) {
  const state = useState(initial);
  const setState = state[1];
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the widget hydrates.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    element.dataset.enhanced = "true";
    setState(read(element));
  }, []);
  return state;
}
