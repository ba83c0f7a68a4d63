import Link from "next/link";
import { VisitSummary, type ScheduleVisit } from "../visit-summary";
import { Panel } from "./panel";

/** Today's visits, rendered on the server; null when they could not be loaded. */
export function TodaysSchedule({ today, visits }: { today: string; visits: ScheduleVisit[] | null }) {
  return (
    <Panel
      title="Today's Schedule"
      action={
        <Link prefetch={false} href={`/schedule?date=${today}`} className="text-sm font-semibold text-brand-700 hover:underline">
          Open day
        </Link>
      }
    >
      {visits === null ? (
        <p className="text-sm text-red-700">Today's schedule could not be loaded.</p>
      ) : visits.length === 0 ? (
        <p className="text-sm text-gray-600">No schedules for this date.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {visits.map((visit) => (
            <li key={visit.visitId} className="flex py-3 first:pt-0 last:pb-0">
              <VisitSummary visit={visit} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
