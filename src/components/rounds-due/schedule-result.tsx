import { CalendarDays } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { formatBusinessDate } from "@/lib/business-time";
import { formatDay } from "./format-day";
import type { ScheduleResult as Result } from "./types";

/** What scheduling did: each round's time (and crew), or that it waits for a time. */
export function ScheduleResult({ result, crewName }: { result: Result; crewName: (id: number | null) => string }) {
  const placed = result.scheduled.length - result.needingTime;
  return (
    <section
      role="status"
      className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-gray-900"
      data-testid="schedule-result"
    >
      <p className="font-semibold">
        {placed === 1 ? "1 round" : `${placed} rounds`} scheduled on {formatDay(result.day)}
        {result.needingTime ? `; ${result.needingTime} ${result.needingTime === 1 ? "waits" : "wait"} for a time (every crew is busy)` : ""}
        .
      </p>
      <ul className="space-y-1">
        {result.scheduled.map((round) => (
          <li key={round.visitId}>
            {round.customerName}, round {round.position}:{" "}
            {round.needsTime ? (
              <strong className="text-orange-800">needs a time</strong>
            ) : (
              <>
                {formatBusinessDate(round.startTime, "h:mm a")} · {crewName(round.crewId)}
              </>
            )}
          </li>
        ))}
      </ul>
      <ButtonLink href={`/schedule?date=${result.day}`} prefetch={false} variant="outline" size="sm">
        <CalendarDays aria-hidden="true" className="size-4" />
        Open the day on the schedule
      </ButtonLink>
    </section>
  );
}
