"use client";

import { X } from "lucide-react";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { cn } from "@/lib/cn";
import { TOAST_SWIPE_THRESHOLD, dismissToast, useToasts, type Toast } from "./toast-store";

/**
 * Renders the current toast in a polite live region; mount once in the root layout. Toasts sit at
 * the bottom, clear of the header's bell, account menu and Logout (above the bottom bar on phones).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-[100] flex flex-col items-center gap-2 px-4 md:bottom-4 md:right-4 md:left-auto md:items-end"
    >
      {toasts
        .filter((entry) => entry.open)
        .map((entry) => (
          <ToastCard key={entry.id} toast={entry} />
        ))}
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, paused]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Ignore presses on the close button; capture keeps the swipe going when the finger leaves the card.
    if ((event.target as HTMLElement).closest("button")) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(event.clientX - start.current);
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD) dismissToast(toast.id);
    else setOffset(0);
    start.current = null;
    setPaused(false);
  };

  const destructive = toast.variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-variant={toast.variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / (TOAST_SWIPE_THRESHOLD * 3), 0.6) }}
      className={cn(
        "pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg",
        destructive ? "border-red-700 bg-red-700 text-white" : "border-gray-200 bg-white text-gray-900",
      )}
    >
      <div className="flex-1">
        {toast.title ? <p className="text-sm font-semibold">{toast.title}</p> : null}
        {toast.description ? (
          <p className={cn("mt-1 text-sm", destructive ? "text-red-50" : "text-gray-700")}>{toast.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className={cn(
          "-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded",
          destructive ? "hover:bg-red-800" : "hover:bg-gray-100",
        )}
        aria-label="Dismiss notification"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
