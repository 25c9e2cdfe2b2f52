import { type ReactNode, useState } from "react";

/**
 * Markup and nothing else (no state, no handlers, no client-side links) that React need not hydrate
 * (issue 19: no hydration work for large static content). On the first render in the browser the
 * server's markup is kept as it is: its HTML is read back from the document and given to React as
 * `dangerouslySetInnerHTML`, whose content React neither walks nor compares. Rendered after a
 * client-side navigation, when there is no server markup to keep, it renders its children as usual.
 * The content is the same either way: readable, and accessible, with and without JavaScript.
 */
export function StaticHtml({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  const [html] = useState(() =>
    typeof document === "undefined" ? undefined : document.getElementById(id)?.innerHTML,
  );
  if (html === undefined)
    return (
      <div id={id} className={className}>
        {children}
      </div>
    );
  return (
    <div
      id={id}
      className={className}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, read back from this element.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
