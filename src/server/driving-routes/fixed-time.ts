import type { BookingChannel, CustomerChange, ScheduleStatus } from "@/lib/schedule-enums";

export type FixedReason = "booked" | "rescheduled" | "done" | "started" | "unplaced";

export const FIXED_REASON_LABELS: Record<FixedReason, string> = {
  booked: "Time booked by the customer",
  rescheduled: "Time chosen by the customer",
  done: "Already done",
  started: "Already started",
  unplaced: "Not on the map yet",
};

/**
 * Why a stop keeps its time when the day is optimized, or null when the office may move it
 * (docs/product-rules.md#the-days-route): a time the customer chose is a promise (a plan they booked
 * on the website or in the portal, every visit of it, or a visit they rescheduled themselves); the
 * past and finished visits are history; and a stop we cannot place would be moved blind.
 */
export function fixedReasonOf(stop: {
  bookedVia: BookingChannel;
  customerChange: CustomerChange | null;
  status: ScheduleStatus;
  startTime: Date;
  placed: boolean;
  now: Date;
}): FixedReason | null {
  if (stop.status === "completed") return "done";
  if (stop.startTime <= stop.now) return "started";
  if (stop.customerChange === "rescheduled") return "rescheduled";
  if (stop.bookedVia !== "office") return "booked";
  if (!stop.placed) return "unplaced";
  return null;
}
