import { formatBusinessDate } from "@/lib/business-time";
import type { ChangeAuthor, CustomerChange, ScheduleStatus } from "@/lib/schedule-enums";

interface ChangedVisit {
  status: ScheduleStatus;
  customerChange: CustomerChange | null;
  changedBy: ChangeAuthor | null;
  changedAt: Date | null;
}

const VERBS: Record<CustomerChange, string> = { skipped: "Skipped", rescheduled: "Moved", paused: "Paused" };

/** What the customer last did to a visit, in a word: "Skipped", "Moved", "Paused", "Cancelled", "Resumed". */
export function customerChangeVerb(visit: ChangedVisit): string | null {
  if (visit.changedBy !== "customer") return null;
  if (visit.customerChange) return VERBS[visit.customerChange];
  return visit.status === "cancelled" ? "Cancelled" : "Resumed";
}

/** For staff: "Skipped by customer · Nov 23, 3:04 pm", or nothing when the customer did not change it. */
export function customerChangeLine(visit: ChangedVisit): string | null {
  const verb = customerChangeVerb(visit);
  if (!verb) return null;
  const when = visit.changedAt ? ` · ${formatBusinessDate(visit.changedAt, "MMM d, h:mm a").replace("AM", "am").replace("PM", "pm")}` : "";
  return `${verb} by customer${when}`;
}
