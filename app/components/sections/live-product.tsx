import { type ReactNode, Suspense, useEffect, useRef } from "react";
import { Await } from "react-router";
import { messages } from "~/content/messages";
import { defaultEnhancer, type ProductSummary } from "~/content/product";
import type { LiveProduct } from "~/contracts/catalog";
import { showToast } from "~/lib/toast";

type Render = (product: ProductSummary, loading: boolean) => ReactNode;

/**
 * Renders with the default product at once (the loading flag set), then with the live product when
 * Shopify answers; on failure the defaults stay. Several parts of the page (header, sticky bar,
 * structured data) each wrap themselves; `announce` marks the one that reports failures as a toast, and
 * `settledOnly` the one drawn only once Shopify has answered or failed (structured data: one copy).
 */
export function WithLiveProduct({
  live,
  children,
  announce = false,
  settledOnly = false,
}: {
  live: Promise<LiveProduct>;
  children: Render;
  announce?: boolean;
  settledOnly?: boolean;
}) {
  return (
    <Suspense fallback={settledOnly ? null : children(defaultEnhancer, true)}>
      <Await resolve={live}>
        {(result: LiveProduct) => (
          <Resolved result={result} announce={announce}>
            {children}
          </Resolved>
        )}
      </Await>
    </Suspense>
  );
}

function Resolved({
  result,
  announce,
  children,
}: {
  result: LiveProduct;
  announce: boolean;
  children: Render;
}) {
  const announced = useRef(false);
  useEffect(() => {
    if (!announce || announced.current || result.status === "found") return;
    announced.current = true;
    showToast({
      title: messages.product.loadFailedTitle,
      description: result.status === "not-found" ? messages.product.notFound : result.message,
      variant: "destructive",
    });
  }, [announce, result]);
  return children(result.status === "found" ? result.product : defaultEnhancer, false);
}
