import { useDocumentValues } from "~/lib/document-runtime";

/**
 * Structured data for search engines. The script carries the CSP nonce (prerendered pages get the
 * real one from the server as they are sent); `<` is escaped so the JSON cannot close the element.
 */
export function JsonLd({ data, more = "" }: { data: Record<string, unknown>; more?: string }) {
  const { nonce } = useDocumentValues();
  // `more`: members added to the object as JSON text (`,"key":…`), e.g. a text slot (decision 085).
  const json = more ? `${JSON.stringify(data).slice(0, -1)}${more}}` : JSON.stringify(data);
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON serialised with `<` escaped.
      dangerouslySetInnerHTML={{ __html: json.replace(/</g, "\\u003c") }}
    />
  );
}
