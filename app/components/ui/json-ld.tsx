import { useDocumentValues } from "~/lib/document-runtime";

/**
 * Structured data for search engines. The script carries the CSP nonce (prerendered pages get the
 * real one from the server as they are sent); `<` is escaped so the JSON cannot close the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const { nonce } = useDocumentValues();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON serialised with `<` escaped.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
