import { and, asc, eq, gt, gte, inArray, lt, type SQL } from "drizzle-orm";
import { businessDateOf, type DateString } from "@/lib/business-time";
import type { ChangeAuthor, CustomerChange, RecurringFrequency, ScheduleStatus } from "@/lib/schedule-enums";
import type { Db } from "@/server/db";
import { customers, schedules, services, visits } from "@/server/db/schema";
import { emit } from "@/server/events/emit";
import { contactColumns, contactFrom, ownedPlans, plansAwaitingOwner, type PlanContact } from "@/server/ownership/ownership";
import type { NotifiableVisit } from "./visit-snapshot";

/** One visit on the calendar: a row of `visits`, with what its plan and customer add. */
export interface Visit {
  /** The visit's row id, as a string. */
  visitId: string;
  id: number;
  scheduleId: number;
  /** The Austin date the visit was planned for; a moved visit keeps it as its identity. */
  occurrenceDate: DateString;
  startTime: Date;
  endTime: Date;
  status: ScheduleStatus;
  /** No longer on the date its plan put it on. */
  moved: boolean;
  /** Changed on its own: a series edit leaves it alone. */
  changed: boolean;
  /** What the customer did to it from the portal, if that was the last change. */
  customerChange: CustomerChange | null;
  /** A paused visit's status before the pause, which resuming restores. */
  statusBeforePause: ScheduleStatus | null;
  changedBy: ChangeAuthor | null;
  changedAt: Date | null;
  /** Pending until staff give it a time: no crew was free where an accepted quote's plan put it. */
  needsTime: boolean;
  customerId: number;
  serviceId: number | null;
  crewId: number | null;
  isRecurring: boolean;
  recurringFrequency: RecurringFrequency | null;
  recurringEndDate: Date | null;
  totalPrice: number;
  lawnSizeSqFt: number | null;
  notes: string | null;
  specialInstructions: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  bookingReference: string | null;
  customer: { fullName: string; email: string; phone: string | null; address: string | null };
  /** Whom emails and webhooks about this visit name (docs/product-rules.md#who-owns-a-visit). */
  contact: PlanContact;
  service: { name: string; duration: number } | null;
}

/**
 * A visit id from a path: the row id, or the older "<scheduleId>-<yyyy-MM-dd>" of a series visit
 * (a one-time visit's row id is its plan's id, so "<scheduleId>" still names it). Either names an
 * existing row or nothing: reading an id never creates a visit.
 */
export function parseVisitId(visitId: string): { id: number } | { scheduleId: number; occurrenceDate: DateString } | null {
  const match = /^(\d{1,9})(?:-(\d{4}-\d{2}-\d{2}))?$/.exec(visitId.trim());
  if (!match) return null;
  return match[2] ? { scheduleId: Number(match[1]), occurrenceDate: match[2] } : { id: Number(match[1]) };
}

function selectVisitRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      visit: visits,
      plan: {
        isRecurring: schedules.isRecurring,
        recurringFrequency: schedules.recurringFrequency,
        recurringEndDate: schedules.recurringEndDate,
        bookingReference: schedules.bookingReference,
      },
      customer: { fullName: customers.fullName, email: customers.email, phone: customers.phone, address: customers.address },
      ownership: contactColumns(),
      service: { name: services.name, duration: services.duration },
    })
    .from(visits)
    .innerJoin(schedules, eq(schedules.id, visits.scheduleId))
    .innerJoin(customers, eq(customers.id, visits.customerId))
    .leftJoin(services, eq(services.id, visits.serviceId))
    .where(where);
}

type VisitRow = Awaited<ReturnType<typeof selectVisitRows>>[number];

export interface VisitQuery {
  from: Date;
  /** Exclusive. */
  to: Date;
  customerId?: number;
  /** Only the visits this customer account owns (docs/product-rules.md#who-owns-a-visit). */
  ownedBy?: number;
  /** Only website bookings under this account's email that wait for the owner to confirm them. */
  awaitingOwner?: number;
  statuses?: readonly ScheduleStatus[];
}

/** Visits are found through the start-time index; none is expected to last longer than this. */
export const LONGEST_VISIT_MS = 86_400_000;

/** The condition "overlaps [from, to)", shaped for the start-time index. */
export function overlapping(from: Date, to: Date): SQL {
  return and(gte(visits.startTime, new Date(from.getTime() - LONGEST_VISIT_MS)), lt(visits.startTime, to), gt(visits.endTime, from))!;
}

/**
 * Every visit overlapping [from, to), by start time: one range scan over rows. A read writes
 * nothing: series have their rows through the horizon (series.ts), and a window past it shows
 * only the visits that exist there.
 */
export async function listVisits(db: Db, query: VisitQuery): Promise<Visit[]> {
  const rows = await selectVisitRows(
    db,
    and(
      overlapping(query.from, query.to),
      query.customerId === undefined ? undefined : eq(visits.customerId, query.customerId),
      query.ownedBy === undefined ? undefined : ownedPlans(query.ownedBy),
      query.awaitingOwner === undefined ? undefined : plansAwaitingOwner(query.awaitingOwner),
      query.statuses ? inArray(visits.status, [...query.statuses]) : undefined,
    ),
  ).orderBy(asc(visits.startTime), asc(visits.scheduleId), asc(visits.id));
  return rows.map(toVisit);
}

/** Visits waiting for staff to give them a time, soonest first: one scan of their partial index. */
export async function listVisitsNeedingTime(db: Db, limit = 200): Promise<Visit[]> {
  const rows = await selectVisitRows(db, eq(visits.needsTime, true)).orderBy(asc(visits.startTime), asc(visits.id)).limit(limit);
  return rows.map(toVisit);
}

export async function findVisit(db: Db, visitId: string): Promise<Visit | null> {
  const parsed = parseVisitId(visitId);
  if (!parsed) return null;
  // The older form names the existing row of that series and planned date, or nothing.
  const where =
    "id" in parsed
      ? eq(visits.id, parsed.id)
      : and(eq(visits.scheduleId, parsed.scheduleId), eq(visits.occurrenceDate, parsed.occurrenceDate));
  const [row] = await selectVisitRows(db, where);
  return row ? toVisit(row) : null;
}

/** Who changed a visit, and what the customer did if it was them; staff by default. */
export interface VisitChange {
  changedBy: ChangeAuthor;
  customerChange?: CustomerChange | null;
  /** Kept only by a customer's pause; any other change forgets it. */
  statusBeforePause?: ScheduleStatus | null;
  /** Moved off a rain day (the customer's email says so). */
  rainDay?: boolean;
  /** Part of making a plan, whose own announcement covers it (see VisitChanged.quiet). */
  quiet?: boolean;
  /**
   * Made inside a plan's save, which announces the net change of each of the plan's visits itself
   * (save-schedule.ts): this write emits nothing of its own, so a visit is announced once.
   */
  announcedByPlanSave?: boolean;
  /** The moment the change is judged at (a visit already past is news to nobody); now by default. */
  now?: Date;
}

const BY_STAFF: VisitChange = { changedBy: "staff" };

function changeFields(change: VisitChange, now: Date) {
  return {
    changed: true,
    changedAt: now,
    updatedAt: now,
    changedBy: change.changedBy,
    customerChange: change.customerChange ?? null,
    statusBeforePause: change.statusBeforePause ?? null,
  };
}

/** Announces a visit's change in its transaction: `visit` as it was, with what changed. */
async function emitVisitChanged(
  db: Db,
  visit: Visit,
  changed: Partial<Pick<Visit, "status" | "startTime" | "endTime">>,
  change: VisitChange,
  now: Date,
) {
  const before = toNotifiable(visit);
  await emit(db, {
    type: "visit.changed",
    before,
    after: { ...before, ...changed },
    changedBy: change.changedBy,
    rainDay: change.rainDay ?? false,
    quiet: change.quiet ?? false,
    now,
  });
}

/**
 * The one place a visit's status changes (staff, the crews, the portal's cancellation, skip and
 * pause). A one-time plan is its visit, so the plan follows. The change is announced as
 * `visit.changed`, and a completion as `visit.completed` too (billing, autopay). A visit needing a
 * time no longer does once it is anything but pending: confirmed, staff have taken it as it is;
 * cancelled or done, it needs none.
 */
export async function setVisitStatus(db: Db, visit: Visit, status: ScheduleStatus, change: VisitChange = BY_STAFF) {
  const now = new Date();
  await db
    .update(visits)
    .set({ status, ...changeFields(change, now), ...(status === "pending" ? {} : { needsTime: false }) })
    .where(eq(visits.id, visit.id));
  if (!visit.isRecurring) await db.update(schedules).set({ status, updatedAt: now }).where(eq(schedules.id, visit.scheduleId));
  await emitVisitChanged(db, visit, { status }, change, change.now ?? now);
  if (status === "completed") {
    const { id, scheduleId, customerId, totalPrice } = visit;
    await emit(db, { type: "visit.completed", visit: { id, scheduleId, customerId, totalPrice } });
  }
}

/**
 * The one place a single visit moves to a new time, keeping it in its series (rain-day reschedule,
 * route order, series clashes, a customer's reschedule). Every caller checks the crews first, so
 * a visit that needed a time has one now.
 */
export async function moveVisit(db: Db, visit: Visit, startTime: Date, endTime: Date, change: VisitChange = BY_STAFF) {
  const now = new Date();
  await db
    .update(visits)
    .set({ startTime, endTime, needsTime: false, ...changeFields(change, now) })
    .where(eq(visits.id, visit.id));
  if (!visit.isRecurring) {
    await db.update(schedules).set({ date: startTime, startTime, endTime, updatedAt: now }).where(eq(schedules.id, visit.scheduleId));
  }
  if (!change.announcedByPlanSave) await emitVisitChanged(db, visit, { startTime, endTime }, change, change.now ?? now);
}

function toVisit(row: VisitRow): Visit {
  const { visit, plan } = row;
  return {
    visitId: String(visit.id),
    id: visit.id,
    scheduleId: visit.scheduleId,
    occurrenceDate: visit.occurrenceDate,
    startTime: visit.startTime,
    endTime: visit.endTime,
    status: visit.status,
    moved: businessDateOf(visit.startTime) !== visit.occurrenceDate,
    changed: visit.changed,
    customerChange: visit.customerChange,
    statusBeforePause: visit.statusBeforePause,
    changedBy: visit.changedBy,
    changedAt: visit.changedAt,
    needsTime: visit.needsTime,
    customerId: visit.customerId,
    serviceId: visit.serviceId,
    crewId: visit.crewId,
    isRecurring: plan.isRecurring,
    recurringFrequency: plan.recurringFrequency,
    recurringEndDate: plan.recurringEndDate,
    totalPrice: visit.totalPrice,
    lawnSizeSqFt: visit.lawnSizeSqFt,
    notes: visit.notes,
    specialInstructions: visit.specialInstructions,
    address: visit.address,
    city: visit.city,
    state: visit.state,
    zipCode: visit.zipCode,
    bookingReference: plan.bookingReference,
    customer: row.customer,
    contact: contactFrom(row.customer, row.ownership),
    service: row.service?.name ? { name: row.service.name, duration: row.service.duration } : null,
  };
}

/** The visit as the customer sees it: whom it names, what, when and where. */
export function toNotifiable(visit: Visit): NotifiableVisit {
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
