import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  BOOKING_CHANNELS,
  CHANGE_AUTHORS,
  CUSTOMER_CHANGES,
  RECURRING_FREQUENCIES,
  SCHEDULE_STATUSES,
  type BookingChannel,
  type ChangeAuthor,
  type CustomerChange,
  type RecurringFrequency,
  type ScheduleStatus,
} from "../../../lib/schedule-enums";
import { createdAt, instant, locationColumns, locationConstraints, sqlList } from "./columns";
import { crews } from "./crews";
import { customers } from "./customers";
import { services } from "./services";

/**
 * A plan: one visit, or a recurring series (startTime/endTime are its first visit). Its visits are
 * rows of `visits`; a series has them generated up to `visitsGeneratedThrough` (an Austin date).
 */
export const schedules = pgTable(
  "schedules",
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    serviceId: integer().references(() => services.id, { onDelete: "restrict" }),
    date: instant().notNull(),
    startTime: instant().notNull(),
    endTime: instant().notNull(),
    status: text().$type<ScheduleStatus>().notNull().default("pending"),
    notes: text(),
    isRecurring: boolean().notNull().default(false),
    recurringFrequency: text().$type<RecurringFrequency>(),
    recurringEndDate: instant(),
    lawnSizeSqFt: integer(),
    totalPrice: integer().notNull(),
    specialInstructions: text(),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    /** Where the plan's visits are (the customer's location when the plan has no address of its own). */
    ...locationColumns(),
    /** The crew its visits go to; a series' visits follow it unless changed on their own. */
    crewId: integer().references(() => crews.id, { onDelete: "set null" }),
    /** Set for visits booked on the public site; shown to the customer on confirmation. */
    bookingReference: text().unique(),
    /**
     * The email the plan was booked under, in lower case. An insert that leaves it empty gets the
     * customer's email (trigger in drizzle/0011_ownership.sql). Who may see the plan follows from it
     * (docs/product-rules.md#who-owns-a-visit).
     */
    bookedEmail: text().notNull().default(""),
    /** The name typed on a website booking: a held booking is shown and addressed under it. */
    bookedName: text(),
    bookedVia: text().$type<BookingChannel>().notNull().default("office"),
    /** When the account owner confirmed a website booking made under their email as theirs. */
    ownerConfirmedAt: instant(),
    /** Every visit of the series planned on or before this Austin date exists as a row. */
    visitsGeneratedThrough: date({ mode: "string" }),
    /**
     * When the plan was saved as cancelled or completed; cleared when it is saved active again. Kept
     * by a trigger (drizzle/0031_plan_ended_at.sql), so a later save of an ended plan keeps its day.
     */
    endedAt: instant(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check("schedules_status_check", sql`${t.status} in (${sqlList(SCHEDULE_STATUSES)})`),
    check(
      "schedules_recurring_frequency_check",
      sql`${t.recurringFrequency} is null or ${t.recurringFrequency} in (${sqlList(RECURRING_FREQUENCIES)})`,
    ),
    check("schedules_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("schedules_booked_via_check", sql`${t.bookedVia} in (${sqlList(BOOKING_CHANNELS)})`),
    check("schedules_total_price_check", sql`${t.totalPrice} >= 0`),
    check("schedules_lawn_size_check", sql`${t.lawnSizeSqFt} is null or ${t.lawnSizeSqFt} >= 0`),
    index("schedules_start_time_idx").on(t.startTime),
    index("schedules_customer_idx").on(t.customerId, t.startTime),
    index("schedules_recurring_idx").on(t.startTime).where(sql`${t.isRecurring}`),
    ...locationConstraints("schedules", t),
  ],
);

export const VISIT_ORIGINS = ["booked", "staff", "series"] as const;
export type VisitOrigin = (typeof VISIT_ORIGINS)[number];

/**
 * One visit: what crews do, customers see and reminders, billing and capacity count. Ids come from
 * the schedules' sequence, so a one-time plan and its visit share one id and old links still work.
 */
export const visits = pgTable(
  "visits",
  {
    id: integer().primaryKey().default(sql`nextval('schedules_id_seq')`),
    scheduleId: integer()
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    serviceId: integer().references(() => services.id, { onDelete: "restrict" }),
    /** The Austin date the plan put this visit on; its identity within a series, kept when moved. */
    occurrenceDate: date({ mode: "string" }).notNull(),
    startTime: instant().notNull(),
    endTime: instant().notNull(),
    status: text().$type<ScheduleStatus>().notNull().default("pending"),
    totalPrice: integer().notNull(),
    lawnSizeSqFt: integer(),
    notes: text(),
    specialInstructions: text(),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    origin: text().$type<VisitOrigin>().notNull(),
    /** The crew doing it; none yet while unassigned. */
    crewId: integer().references(() => crews.id, { onDelete: "set null" }),
    /** Changed on its own (moved, or a status of its own): a series edit leaves it alone. */
    changed: boolean().notNull().default(false),
    changedAt: instant(),
    /** Set when the customer skipped, moved or paused it from the portal (a skipped or paused visit is cancelled). */
    customerChange: text().$type<CustomerChange>(),
    /** Who made the last change of its own, shown to staff with `changedAt`. */
    changedBy: text().$type<ChangeAuthor>(),
    /** The status a visit had when the customer paused it, so resuming restores it (a confirmed visit stays confirmed). */
    statusBeforePause: text().$type<ScheduleStatus>(),
    /**
     * No crew was free when an accepted quote's plan put it here: it waits, pending, for staff to give
     * it a time (docs/product-rules.md#quotes). Moving it, or any status but pending, clears it.
     */
    needsTime: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    check("visits_status_check", sql`${t.status} in (${sqlList(SCHEDULE_STATUSES)})`),
    check("visits_origin_check", sql`${t.origin} in ('booked', 'staff', 'series')`),
    check("visits_customer_change_check", sql`${t.customerChange} is null or ${t.customerChange} in (${sqlList(CUSTOMER_CHANGES)})`),
    check("visits_changed_by_check", sql`${t.changedBy} is null or ${t.changedBy} in (${sqlList(CHANGE_AUTHORS)})`),
    check("visits_status_before_pause_check", sql`${t.statusBeforePause} is null or ${t.statusBeforePause} in ('pending', 'confirmed')`),
    check("visits_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("visits_total_price_check", sql`${t.totalPrice} >= 0`),
    uniqueIndex("visits_schedule_occurrence_idx").on(t.scheduleId, t.occurrenceDate),
    index("visits_start_time_idx").on(t.startTime),
    index("visits_customer_idx").on(t.customerId, t.startTime),
    index("visits_crew_idx").on(t.crewId, t.startTime).where(sql`${t.crewId} is not null`),
    index("visits_needs_time_idx").on(t.startTime).where(sql`${t.needsTime}`),
    // The plans report's paused visits of a period: few among many, so they get their own index.
    index("visits_paused_idx").on(t.startTime).where(sql`${t.customerChange} = 'paused'`),
  ],
);
