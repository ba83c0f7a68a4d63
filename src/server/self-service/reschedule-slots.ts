import type { DateString } from "@/lib/business-time";
import { dayAvailability } from "@/server/schedules/availability";
import type { Db } from "@/server/db";
import { findOwnVisit } from "@/server/self-service/appointments";
import { getSelfServiceRules } from "@/server/settings/self-service-rules";
import { assertReschedulableTo } from "./plan-change";
import { isOutsideNotice } from "./rules";

/**
 * The times a visit could move to on one date: booking's availability for the visit's length, not
 * counting the visit against itself, and only times outside the notice window.
 */
export async function rescheduleSlots(db: Db, customerId: number, visitId: string, date: DateString, now = new Date()) {
  const visit = await findOwnVisit(db, customerId, visitId);
  const rules = await getSelfServiceRules(db);
  assertReschedulableTo(visit, date, rules, now);
  const durationMinutes = (visit.endTime.getTime() - visit.startTime.getTime()) / 60_000;
  const day = await dayAvailability(db, { date, durationMinutes, now, exceptVisitId: visit.id });
  return {
    date,
    slots: day.slots.map((slot) => ({
      time: slot.time,
      label: slot.label,
      startTime: slot.startTime,
      available: slot.available && isOutsideNotice(slot.startTime, rules, now) && slot.startTime.getTime() !== visit.startTime.getTime(),
    })),
  };
}
