"use client";

import { useSyncExternalStore } from "react";

// Toasts: one at a time; a dismissed toast is removed after 1,000,000 ms;
// shown for 5000 ms by default; a swipe of 50 px dismisses it.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = "default" | "destructive";

export interface Toast {
  id: string;
  open: boolean;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

type Listener = () => void;

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(options: { title?: string; description?: string; variant?: ToastVariant; duration?: number }) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const entry: Toast = { id, open: true, variant: "default", duration: TOAST_DURATION, ...options };
  emit([entry, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: string) {
  emit(toasts.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((entry) => entry.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: Toast[] = [];

export function currentToasts(): Toast[] {
  return toasts;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, currentToasts, () => EMPTY);
}
