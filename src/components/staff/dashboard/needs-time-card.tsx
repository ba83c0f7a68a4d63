import { AlarmClock } from "lucide-react";
import Link from "next/link";
import { cn } from "@/lib/cn";

/** The dashboard's line about visits waiting for a time, linking to their list on the schedule. */
export function NeedsTimeCard({ count }: { count: number | null }) {
  const waiting = count !== null && count > 0;
  return (
    <Link
      href="/schedule?needsTime=true"
      prefetch={false}
      className={cn(
        "flex min-h-11 items-center gap-3 rounded-xl border p-4 shadow-sm",
        waiting ? "border-orange-200 bg-orange-50 hover:bg-orange-100" : "border-gray-200 bg-white hover:bg-gray-50",
      )}
    >
      <AlarmClock aria-hidden="true" className={cn("size-5 shrink-0", waiting ? "text-orange-700" : "text-brand-700")} />
      <span className={cn("text-sm", waiting ? "text-orange-900" : "text-gray-800")}>
        {count === null ? (
          "Visits needing a time could not be counted."
        ) : (
          <>
            <strong data-testid="visits-needing-time">{count}</strong> {count === 1 ? "visit needs" : "visits need"} a time: no crew was
            free at the time its accepted quote or lawn round asked for
          </>
        )}
      </span>
    </Link>
  );
}
