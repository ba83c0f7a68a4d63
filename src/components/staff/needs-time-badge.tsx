import { AlarmClock } from "lucide-react";
import { cn } from "@/lib/cn";

/**
 * "Needs a time": a visit an accepted quote's plan could not fit (no crew was free), pending until
 * staff give it a time (docs/product-rules.md#quotes). Solid, so it stands apart from the status badges.
 */
export function NeedsTimeBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="needs-time-badge"
      className={cn("inline-flex items-center gap-1 rounded-full bg-orange-700 px-2.5 py-0.5 text-xs font-semibold text-white", className)}
    >
      <AlarmClock aria-hidden="true" className="size-3.5" />
      Needs a time
    </span>
  );
}
