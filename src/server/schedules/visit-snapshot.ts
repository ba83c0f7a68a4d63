import type { ScheduleStatus } from "@/lib/schedule-enums";
import type { PlanContact } from "@/server/ownership/ownership";

/** A visit as reminders, change notes, calendar feeds and the visit events see it. */
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
