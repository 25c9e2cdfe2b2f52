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
};

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
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
  };
  toasts = [toast, ...toasts].slice(0, MAX_TOASTS);
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
