"use client";

import Link from "next/link";
import { businessToday } from "@/lib/business-time";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/trpc/react";
import { VisitSummary } from "../visit-summary";
import { todaysScheduleInput } from "./dashboard-queries";
import { Panel } from "./panel";

export function TodaysSchedule() {
  const today = businessToday();
  const visits = api.schedules.list.useQuery(todaysScheduleInput(today));
  return (
    <Panel title="Today's Schedule" action={<Link href={`/schedule?date=${today}`} className="text-sm font-semibold text-brand-700 hover:underline">Open day</Link>}>
      {visits.isPending ? (
        <Spinner />
      ) : visits.isError ? (
        <p className="text-sm text-red-700">Today's schedule could not be loaded.</p>
      ) : visits.data.length === 0 ? (
        <p className="text-sm text-gray-600">No schedules for this date.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {visits.data.map((visit) => (
            <li key={visit.visitId} className="flex py-3 first:pt-0 last:pb-0">
              <VisitSummary visit={visit} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
