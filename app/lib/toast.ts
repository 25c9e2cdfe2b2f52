/**
 * A small toast store (docs/decisions/007-toasts.md). Spec §8's messages are shown through it:
 * a title, an optional description, and a variant (destructive ones are announced as alerts).
 */
export type ToastVariant = "default" | "destructive" | "progress" | "success";

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed or updated. */
  duration: number;
  /** What the toast reports on: a newer toast about the same thing replaces it. */
  topic?: string;
};

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /**
   * What the toast reports on (for example "test-product"). A newer toast with the same topic replaces
   * the older one, so a success never sits under the stale error it answers.
   */
  topic?: string;
};

type Listener = (toasts: readonly Toast[]) => void;

const MAX_TOASTS = 4;
const DEFAULT_DURATION: Record<ToastVariant, number> = {
  default: 6_000,
  success: 6_000,
  destructive: 9_000,
  progress: 0,
};

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export function showToast(input: ToastInput): number {
  const variant = input.variant ?? "default";
  const toast: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant,
    duration: input.duration ?? DEFAULT_DURATION[variant],
    topic: input.topic,
  };
  // The same message again (a second click on a failing button) moves to the top with a fresh timer
  // instead of stacking a copy; a toast on the same topic gives way to the newer one.
  const replaced = (t: Toast) =>
    (toast.topic !== undefined && t.topic === toast.topic) ||
    (t.title === toast.title && t.description === toast.description && t.variant === toast.variant);
  toasts = [toast, ...toasts.filter((t) => !replaced(t))].slice(0, MAX_TOASTS);
  emit();
  return toast.id;
}

/** Replaces a toast's content in place (a progress toast becoming its result). */
export function updateToast(id: number, input: ToastInput): void {
  const variant = input.variant ?? "default";
  toasts = toasts.map((t) =>
    t.id === id
      ? {
          ...t,
          ...input,
          variant,
          description: input.description,
          duration: input.duration ?? DEFAULT_DURATION[variant],
        }
      : t,
  );
  emit();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** For tests of the store itself. */
export function resetToasts(): void {
  toasts = [];
  emit();
}
