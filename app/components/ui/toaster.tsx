import { useEffect, useRef, useState } from "react";
import { dismissToast, subscribeToasts, type Toast } from "~/lib/toast";

const variantClass: Record<Toast["variant"], string> = {
  default: "border-ink-500 bg-ink-800",
  progress: "border-ember-500/60 bg-ink-800",
  success: "border-success-400/60 bg-ink-800",
  destructive: "border-danger-400 bg-[#2a0f10]",
};

/**
 * Where toasts appear: at the top of the viewport, under the header, so they never cover the mobile
 * sticky add-to-cart bar or the footer. The list is a polite live region from the first paint;
 * destructive toasts are alerts.
 */
export function Toaster() {
  const [items, setItems] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setItems), []);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-[60] flex justify-center px-3 sm:justify-end sm:px-6"
    >
      <ol aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        {items.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);
  const started = useRef(Date.now());

  useEffect(() => {
    remaining.current = toast.duration;
  }, [toast.duration]);

  useEffect(() => {
    if (paused || remaining.current <= 0 || toast.duration === 0) return;
    started.current = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started.current;
    };
  }, [paused, toast.id, toast.duration]);

  const destructive = toast.variant === "destructive";
  return (
    <li
      role={destructive ? "alert" : "status"}
      data-variant={toast.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`toast-enter pointer-events-auto flex items-start gap-3 rounded-2xl border p-4 text-white shadow-2xl shadow-black/50 ${variantClass[toast.variant]}`}
    >
      {toast.variant === "progress" ? (
        <span
          aria-hidden="true"
          className="mt-1 size-4 shrink-0 animate-spin rounded-full border-2 border-ember-400 border-t-transparent"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-extrabold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-ink-200">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-ink-200 hover:bg-white/10 hover:text-white"
      >
        <span className="sr-only">Dismiss notification</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor">
          <path d="M6 6l12 12M18 6L6 18" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
