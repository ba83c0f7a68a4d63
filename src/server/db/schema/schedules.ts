import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { RECURRING_FREQUENCIES, SCHEDULE_STATUSES, type RecurringFrequency, type ScheduleStatus } from "../../../lib/schedule-enums";
import { createdAt, instant } from "./columns";
import { customers } from "./customers";
import { services } from "./services";


/** The values as SQL literals for a check constraint (they are our own constants, never input). */
function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(", "));
}

/**
 * Spec section 3, Schedule. A recurring row is a series: its visits are computed from
 * startTime/endTime and the frequency (beyond.md item 4); per-visit changes live in
 * scheduleVisitChanges.
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
    /** Set for visits booked on the public site; shown to the customer on confirmation. */
    bookingReference: text().unique(),
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
    check("schedules_total_price_check", sql`${t.totalPrice} >= 0`),
    check("schedules_lawn_size_check", sql`${t.lawnSizeSqFt} is null or ${t.lawnSizeSqFt} >= 0`),
    index("schedules_start_time_idx").on(t.startTime),
    index("schedules_customer_idx").on(t.customerId, t.startTime),
    index("schedules_recurring_idx").on(t.startTime).where(sql`${t.isRecurring}`),
  ],
);

/**
 * One visit of a recurring series that differs from the series: its own status, or a new time
 * (rain-day moves). Keyed by the visit's original Austin date.
 */
export const scheduleVisitChanges = pgTable(
  "schedule_visit_changes",
  {
    scheduleId: integer()
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    occurrenceDate: date({ mode: "string" }).notNull(),
    status: text().$type<ScheduleStatus>(),
    startTime: instant(),
    endTime: instant(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.occurrenceDate] }),
    check(
      "schedule_visit_changes_status_check",
      sql`${t.status} is null or ${t.status} in ('pending', 'confirmed', 'completed', 'cancelled')`,
    ),
    check(
      "schedule_visit_changes_time_check",
      sql`(${t.startTime} is null and ${t.endTime} is null) or (${t.endTime} > ${t.startTime})`,
    ),
    index("schedule_visit_changes_start_idx").on(t.startTime),
  ],
);
