import Link from "next/link";
import { formatBusinessDate } from "@/lib/business-time";
import type { RouterOutputs } from "@/trpc/react";
import { Panel } from "./panel";

type Problem = RouterOutputs["crewDay"]["problems"][number];

/**
 * Today's "Can't do it" reports from the crews' phones on visits still to do: the office acts on
 * them (moves, reassigns or cancels the visit), which clears them. Rendered on the server; null
 * when they could not be loaded.
 */
export function CrewProblems({ problems }: { problems: Problem[] | null }) {
  return (
    <Panel title="Crews can't do">
      {problems === null ? (
        <p className="text-sm text-red-700">The crews&apos; reports could not be loaded.</p>
      ) : problems.length === 0 ? (
        <p className="text-sm text-gray-600">No crew has reported a visit it can&apos;t do today.</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Crews can't do">
          {problems.map((problem) => (
            <li key={problem.visitId} className="py-3 first:pt-0 last:pb-0">
              <Link
                prefetch={false}
                href={`/schedule?date=${formatBusinessDate(new Date(problem.startTime), "yyyy-MM-dd")}`}
                className="block min-h-11 rounded-lg hover:bg-gray-50"
              >
                <div className="flex items-center justify-between gap-2">
                  <p className="font-semibold text-gray-900">{problem.customerName}</p>
                  <span className="shrink-0 text-xs text-gray-600">
                    {problem.crewName ?? "Crew"} · {formatBusinessDate(new Date(problem.startTime), "h:mm a")}
                  </span>
                </div>
                <p className="text-sm font-medium text-red-800">{problem.report.problemReason}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
