import type { FormEvent, ReactNode } from "react";
import { type ButtonSize, type ButtonVariant, buttonClass } from "~/components/ui/button-link";
import type { PurchasableItem } from "~/content/catalog";
import { type CheckoutFlow, startCheckout } from "~/lib/checkout-flow";

export type BuyButtonProps = {
  item: PurchasableItem;
  flow: CheckoutFlow;
  quantity?: number;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/**
 * A button that starts a checkout for one item. Without JavaScript it is a form that posts to
 * hybrid-checkout in a new tab, which answers with a redirect to the hosted checkout. With
 * JavaScript the click runs the spec's flow (app/lib/checkout-flow.ts) instead.
 */
export function BuyButton({ item, flow, quantity = 1, children, variant, size, className }: BuyButtonProps) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    startCheckout({ item, flow, quantity });
  };
  return (
    <form
      method="post"
      action="/api/hybrid-checkout"
      target="_blank"
      className="contents"
      data-flow={flow}
      onSubmit={onSubmit}
      rel="noopener"
    >
      <input type="hidden" name="item" value={item} />
      <input type="hidden" name="quantity" value={quantity} />
      <button type="submit" className={buttonClass(variant, size, className)}>
        {children}
      </button>
    </form>
  );
}
