import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import type { RouterOutputs } from "@/trpc/react";

export type Enrollment = RouterOutputs["programs"]["enrollments"][number];
type Round = Enrollment["rounds"][number];

export const dayLabel = (day: string) => formatBusinessDate(startOfBusinessDay(day), "MMM d");

/** Where a round stands, in words a customer and the office both read. */
export function roundStateText(round: Round): string {
  switch (round.state) {
    case "done":
      return `Done ${round.doneOn ? dayLabel(round.doneOn) : ""}`.trim();
    case "scheduled":
      return "Scheduled";
    case "skipped":
      return round.skippedBy === "customer" ? "Skipped by the customer" : "Skipped";
    case "missed":
      return `Missed (window closed ${dayLabel(round.closesOn)})`;
    case "due":
      return `Due until ${dayLabel(round.closesOn)}`;
    case "waiting":
      return `From ${dayLabel(round.dueFrom)}`;
    case "cancelled":
      return "Cancelled";
  }
}

const STATE_CLASSES: Record<Round["state"], string> = {
  done: "bg-green-100 text-green-900",
  scheduled: "bg-blue-100 text-blue-900",
  skipped: "bg-gray-100 text-gray-800",
  missed: "bg-red-100 text-red-900",
  due: "bg-orange-100 text-orange-900",
  waiting: "bg-gray-100 text-gray-800",
  cancelled: "bg-gray-100 text-gray-800",
};

/** An enrollment's rounds in order: window, purpose, price and where each stands; `action` adds a control per round. */
export function EnrollmentRounds({ enrollment, action }: { enrollment: Enrollment; action?: (round: Round) => React.ReactNode }) {
  return (
    <ol className="divide-y divide-gray-100 text-sm">
      {enrollment.rounds.map((round) => (
        <li key={round.position} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="enrollment-round">
          <span className="text-gray-900">
            <strong>Round {round.position}</strong> · {round.purpose}
            <span className="block text-gray-700">
              {dayLabel(round.opensOn)} – {dayLabel(round.closesOn)} · {round.serviceName} · {formatCents(round.price)}
            </span>
          </span>
          <span className="flex items-center gap-2">
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_CLASSES[round.state]}`}>{roundStateText(round)}</span>
            {action?.(round)}
          </span>
        </li>
      ))}
    </ol>
  );
}
