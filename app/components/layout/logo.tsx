import { useId } from "react";
import { brand } from "~/content/site";

/** The Forge mark (an ember-lit anvil "F") and wordmark, drawn inline: no request, crisp at any size. */
export function Logo({ className = "" }: { className?: string }) {
  const gradientId = useId();
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffb48a" />
            <stop offset="0.5" stopColor="#ff6b1a" />
            <stop offset="1" stopColor="#b33f06" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
        <path d="M9 7h15v5h-9v3h7v5h-7v5H9z" fill="#07080a" />
      </svg>
      <span className="text-xl font-black uppercase italic tracking-tight text-white">{brand.name}</span>
    </span>
  );
}
