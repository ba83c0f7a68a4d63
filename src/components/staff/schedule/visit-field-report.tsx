"use client";

import { formatBusinessDate } from "@/lib/business-time";
import { api } from "@/trpc/react";

const time = (iso: string) => formatBusinessDate(new Date(iso), "h:mm a");

/**
 * What the crew reported from the field on this visit (on the way, started, completed with a note
 * and photos, or "Can't do it" and why). One query per day shown, shared by its cards and asked
 * again every half minute, so the office sees a crew's report while the schedule stays open.
 */
export function VisitFieldReport({ visitId, startTime }: { visitId: string; startTime: Date }) {
  const date = formatBusinessDate(startTime, "yyyy-MM-dd");
  const day = api.crewDay.today.useQuery({ date }, { staleTime: 15_000, refetchInterval: 30_000 });
  const report = day.data?.stops.find((stop) => stop.visitId === visitId)?.report;
  if (!report) return null;
  const lines = [
    report.onMyWayAt ? `On the way at ${time(report.onMyWayAt)}${report.etaMinutes ? ` (about ${report.etaMinutes} min)` : ""}` : null,
    report.startedAt ? `Started at ${time(report.startedAt)}` : null,
    report.completedAt ? `Completed by the crew at ${time(report.completedAt)}` : null,
    report.completionNote ? `Crew's note: ${report.completionNote}` : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0 && !report.problemReason && report.photoIds.length === 0) return null;
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid="field-report">
      {report.problemReason && report.problemAt ? (
        <p role="status" className="rounded-lg border border-red-200 bg-red-50 px-2 py-1 font-medium text-red-900">
          Crew can't do it ({time(report.problemAt)}): {report.problemReason}
        </p>
      ) : null}
      {lines.map((line) => (
        <p key={line} className="text-gray-700">
          {line}
        </p>
      ))}
      {report.photoIds.length > 0 ? (
        <div className="flex gap-2">
          {report.photoIds.map((id) => (
            <a key={id} href={`/api/visit-photos/${id}`} target="_blank" rel="noreferrer">
              <img
                src={`/api/visit-photos/${id}`}
                alt="Crew's photo of the visit"
                width={64}
                height={64}
                className="size-16 rounded-md object-cover"
              />
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}
