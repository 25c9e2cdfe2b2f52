import type { ComponentProps } from "react";
import { Link } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-extrabold uppercase tracking-wide transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-ember-500 text-ink-950 hover:bg-ember-400 active:bg-ember-600",
  secondary: "border-2 border-ink-400 text-white hover:border-ember-400 hover:text-ember-300",
  ghost: "text-ink-100 hover:bg-ink-700",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-10 px-4 text-xs",
  md: "min-h-12 px-6 text-sm",
  // Long labels may wrap on the narrowest phones rather than overflow.
  lg: "min-h-14 px-6 text-base sm:px-8 max-xs:whitespace-normal max-xs:py-3 max-xs:text-center",
};

/** Class names for anything that looks like a button (links, buttons, form submits). */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

export function ButtonLink({ variant, size, className = "", ...props }: ButtonLinkProps) {
  return <Link {...props} className={buttonClass(variant, size, className)} />;
}
