import { Repeat } from "lucide-react";
import { formatBusinessDate } from "@/lib/business-time";
import { customerChangeLine } from "@/lib/visit-change-label";
import type { RouterOutputs } from "@/trpc/react";
import { StatusBadge } from "@/components/ui/status-badge";
import { NeedsTimeBadge } from "./needs-time-badge";

export type ScheduleVisit = RouterOutputs["schedules"]["list"][number];

export function visitTimeRange(visit: Pick<ScheduleVisit, "startTime" | "endTime">) {
  return `${formatBusinessDate(visit.startTime, "h:mm a")} – ${formatBusinessDate(visit.endTime, "h:mm a")}`;
}

/** Who, when, where and what of one visit: shared by the dashboard and the schedule screen. */
export function VisitSummary({ visit }: { visit: ScheduleVisit }) {
  const changeLine = customerChangeLine(visit);
  return (
    <div className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-gray-900">{visit.customer.fullName}</p>
        <StatusBadge status={visit.status} />
        {visit.needsTime ? <NeedsTimeBadge /> : null}
        {visit.isRecurring ? (
          <span className="inline-flex items-center gap-1 text-xs text-gray-600">
            <Repeat aria-hidden="true" className="size-3.5" />
            <span className="capitalize">{visit.recurringFrequency}</span>
          </span>
        ) : null}
      </div>
      <p className="text-sm text-gray-700">{visitTimeRange(visit)}</p>
      <p className="truncate text-sm text-gray-600">{visit.address ?? visit.customer.address ?? "No address on file"}</p>
      {visit.service ? <p className="text-sm text-gray-600">{visit.service.name}</p> : null}
      {changeLine ? (
        <p className="text-sm font-medium text-amber-800" data-testid="customer-change">
          {changeLine}
        </p>
      ) : null}
    </div>
  );
}
