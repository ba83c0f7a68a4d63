import type { Db } from "@/server/db";
import { findVisit, listVisits, type Visit } from "@/server/schedules/visits";
import type { ScheduleStatus } from "@/lib/schedule-enums";
import type { PlanContact } from "@/server/ownership/ownership";

/** A visit as reminders, change notes and calendar feeds see it. */
export interface NotifiableVisit {
  id: string;
  scheduleId: number;
  customerId: number;
  customerName: string;
  /** Whom emails and webhooks about the visit name (docs/product-rules.md#who-owns-a-visit). */
  contact: PlanContact;
  service: { id: number; name: string } | null;
  startTime: Date;
  endTime: Date;
  status: ScheduleStatus;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  notes: string | null;
}

/**
 * The one place notifications read visits from: every visit starting in [from, to), by start time,
 * optionally one customer's or only some statuses.
 */
export async function listVisitsBetween(
  db: Db,
  range: { from: Date; to: Date; customerId?: number; ownedBy?: number; statuses?: readonly ScheduleStatus[] },
): Promise<NotifiableVisit[]> {
  const visits = await listVisits(db, range);
  return visits.filter((visit) => visit.startTime >= range.from && visit.startTime < range.to).map(toNotifiable);
}

function toNotifiable(visit: Visit): NotifiableVisit {
  return {
    id: visit.visitId,
    scheduleId: visit.scheduleId,
    customerId: visit.customerId,
    customerName: visit.customer.fullName,
    contact: visit.contact,
    service: visit.serviceId !== null && visit.service ? { id: visit.serviceId, name: visit.service.name } : null,
    startTime: visit.startTime,
    endTime: visit.endTime,
    status: visit.status,
    address: visit.address ?? visit.customer.address,
    city: visit.city,
    state: visit.state,
    zipCode: visit.zipCode,
    notes: visit.specialInstructions,
  };
}

/** One visit by the id the schedule API gives it, or null. */
export async function findNotifiableVisit(db: Db, visitId: string): Promise<NotifiableVisit | null> {
  const visit = await findVisit(db, visitId);
  return visit ? toNotifiable(visit) : null;
}
