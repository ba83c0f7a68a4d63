"use client";

import { Info } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

// Tooltips open after 700 ms of hovering; one opened within 300 ms of another closing
// skips the wait.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = 0;

/**
 * An info button with a tooltip. It opens on hover (after the delay), on keyboard focus and on tap,
 * stays while hovered, and Escape closes it (WCAG 1.4.13). The text is always the button's
 * description, so screen readers hear it without opening anything.
 */
export function InfoTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tooltipId = useId();

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = (delay: number) => {
    clearTimer();
    const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    if (delay === 0 || skip) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimer();
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  useEffect(() => clearTimer, []);

  return (
    <span className="relative inline-flex" onPointerEnter={() => show(TOOLTIP_DELAY_MS)} onPointerLeave={hide}>
      <button
        type="button"
        aria-label={label}
        aria-describedby={tooltipId}
        className="inline-flex size-11 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 sm:size-8"
        onFocus={() => show(0)}
        onBlur={hide}
        onClick={() => (open ? hide() : show(0))}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            event.preventDefault();
            event.stopPropagation();
            hide();
          }
        }}
      >
        <Info aria-hidden="true" className="size-5" />
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        hidden={!open}
        className="absolute bottom-full left-1/2 z-20 mb-1 w-68 -translate-x-1/2 rounded-lg bg-gray-900 px-3 py-2 text-center text-sm text-white shadow-lg"
      >
        {children}
      </span>
    </span>
  );
}
