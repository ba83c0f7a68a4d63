// One stop of a crew's day as GET /api/crew/day answers it: the server builds it and the crew's phone
// keeps copies of it for working without signal (docs/product-rules.md#the-crews-phone).

import { businessDateOf, businessToday } from "./business-time";

/**
 * Whether a crew member (or a crew's API key) may give their crew's visit this status: on the
 * visit's own Austin day any status, on a later day only "completed" (a late completion), never
 * before its day, when completing would charge autopay for work not done
 * (docs/product-rules.md#staff-roles). Owners and office change any day.
 */
export function crewMayChangeVisitStatus(startTime: Date | string, status: string, now: Date = new Date()): boolean {
  const day = businessDateOf(new Date(startTime));
  const today = businessToday(now);
  return day === today || (day < today && status === "completed");
}

export interface FieldReport {
  onMyWayAt: string | null;
  etaMinutes: number | null;
  startedAt: string | null;
  completedAt: string | null;
  completionNote: string | null;
  problemReason: string | null;
  problemAt: string | null;
  photoIds: number[];
}

/** One stop of the crew's day, as the phone shows it and keeps for working without signal. */
export interface CrewStop {
  visitId: string;
  /** The visit as the phone saw it: an action sent with an older version loses to the office's change. */
  version: string;
  startTime: string;
  endTime: string;
  status: string;
  crewId: number | null;
  crewName: string | null;
  customerName: string;
  customerPhone: string | null;
  address: string;
  serviceName: string | null;
  notes: string | null;
  specialInstructions: string | null;
  gateCode: string | null;
  report: FieldReport;
  /**
   * A treatment stop (Lawn Fertilization, Weed Control) is completed with its application record
   * (docs/product-rules.md#application-records): what the form starts from. Null for other stops.
   */
  treatment: StopTreatment | null;
}

export interface StopTreatment {
  /** The visit's lawn size, the area treated unless the crew says otherwise. */
  lawnSizeSqFt: number | null;
  /** The program round's purpose, the target pest unless the crew says otherwise. */
  purpose: string | null;
  /** The record written with the completion, once there is one. */
  recordId: number | null;
}

/** A product on the active list as the phone keeps it for the day, so a record can be written offline. */
export interface CrewProduct {
  id: number;
  name: string;
  epaRegistrationNumber: string;
  unit: string;
  /** Per 1,000 sq ft, in the product's unit. */
  defaultRate: number;
  mixingRate: string | null;
}
