import { z } from "zod";
import { TIME_SLOTS } from "@/lib/slots";
import { CHANGE_AUTHORS, CUSTOMER_CHANGES, RECURRING_FREQUENCIES, SCHEDULE_STATUSES } from "@/lib/schedule-enums";

const scheduleFields = {
  customerId: z.number().int(),
  serviceId: z.number().int().nullable(),
  crewId: z.number().int().nullable().describe("The crew assigned (GET /crews lists them); null while unassigned"),
  date: z.date(),
  startTime: z.date(),
  endTime: z.date(),
  status: z.enum(SCHEDULE_STATUSES),
  notes: z.string().nullable(),
  isRecurring: z.boolean(),
  recurringFrequency: z.enum(RECURRING_FREQUENCIES).nullable(),
  recurringEndDate: z.date().nullable(),
  lawnSizeSqFt: z.number().int().nullable(),
  totalPrice: z.number().int().describe("Price of one visit in cents"),
  specialInstructions: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  bookingReference: z.string().nullable(),
  customer: z.object({ fullName: z.string(), address: z.string().nullable() }),
  service: z.object({ name: z.string(), duration: z.number().int() }).nullable(),
};

/** What saving a series did to its visits from today on. */
const ZSeriesChangeSchema = z
  .object({
    visitsUpdated: z.number().int().describe("Visits from today on that now follow the edited series"),
    visitsRemoved: z.number().int().describe("Visits from today on that the edited series no longer plans"),
    visitsKept: z.number().int().describe("Visits from today on changed on their own (moved, own status), left as they were"),
  })
  .nullable()
  .optional()
  .describe("Set when a series was saved");

/** One schedule (a one-time visit or a whole series), as the edit form reads it. */
export const ZScheduleSchema = z
  .object({
    id: z.number().int(),
    ...scheduleFields,
    visitsNeedingTime: z
      .number()
      .int()
      .describe("Its visits waiting, pending, for staff to give them a time (no crew was free where an accepted quote's plan put them)"),
    seriesChange: ZSeriesChangeSchema,
  })
  .meta({ id: "Schedule" });

/** A schedule just saved: what the edit form reads, and the later visits moved off clashes. */
export const ZSavedScheduleSchema = ZScheduleSchema.extend({
  movedVisits: z
    .array(z.object({ visitId: z.string(), previousStartTime: z.date(), startTime: z.date(), endTime: z.date() }))
    .describe("Later visits of the series moved to the nearest free time (moveClashingVisits)"),
}).meta({ id: "SavedSchedule" });

/**
 * One visit in a range, with only what the schedule screens show (the plan has the rest): a
 * series appears once per visit. `id` is the schedule (series) id; `visitId` names the visit itself.
 */
export const ZScheduleVisitSchema = z
  .object({
    id: z.number().int().describe("The schedule (series) id"),
    visitId: z
      .string()
      .describe("The visit's own id (a one-time visit shares its schedule's id); paths also accept \"<scheduleId>-<yyyy-MM-dd>\""),
    occurrenceDate: z.string().describe("The Austin date the visit was planned for (yyyy-MM-dd)"),
    moved: z.boolean().describe("True when this visit is no longer on the date its schedule planned"),
    customerId: scheduleFields.customerId,
    serviceId: scheduleFields.serviceId,
    crewId: scheduleFields.crewId,
    date: scheduleFields.date.describe("The visit's start (the same as startTime)"),
    startTime: scheduleFields.startTime,
    endTime: scheduleFields.endTime,
    status: scheduleFields.status,
    needsTime: z
      .boolean()
      .describe(
        "True while the visit waits, pending, for staff to give it a time: no crew was free where an accepted quote's plan put it. Moving it, or any status but pending, clears it",
      ),
    customerChange: z
      .enum(CUSTOMER_CHANGES)
      .nullable()
      .describe("What the customer did to this visit from the portal (skipped, rescheduled, paused)"),
    changedBy: z.enum(CHANGE_AUTHORS).nullable().describe("Who last changed this visit on its own"),
    changedAt: z.date().nullable(),
    notes: scheduleFields.notes,
    isRecurring: scheduleFields.isRecurring,
    recurringFrequency: scheduleFields.recurringFrequency,
    totalPrice: scheduleFields.totalPrice,
    specialInstructions: scheduleFields.specialInstructions,
    address: scheduleFields.address,
    customer: scheduleFields.customer,
    service: scheduleFields.service,
  })
  .meta({ id: "ScheduleVisit" });

export const ZRainDayVisitSchema = z.object({
  visitId: z.string(),
  customerName: z.string(),
  startTime: z.date(),
  endTime: z.date(),
  newStartTime: z.date(),
  newEndTime: z.date(),
});

export const ZRainDayConflictSchema = z.object({
  visitId: z.string(),
  customerName: z.string(),
  newStartTime: z.date(),
  newEndTime: z.date(),
  message: z.string(),
});

export const ZRainDayPlanSchema = z
  .object({
    fromDate: z.string(),
    toDate: z.string(),
    crewCapacity: z.number().int(),
    visits: z.array(ZRainDayVisitSchema),
    conflicts: z.array(ZRainDayConflictSchema),
  })
  .meta({ id: "RainDayPlan" });

export const ZRainDayResultSchema = z
  .object({
    fromDate: z.string(),
    toDate: z.string(),
    movedVisits: z.number().int(),
    notifiedCustomers: z.number().int(),
  })
  .meta({ id: "RainDayResult" });

/** One Austin day's visits counted by status, for a month calendar. */
export const ZDayCountSchema = z
  .object({
    date: z.string().describe("The Austin date (yyyy-MM-dd) the visits start on"),
    total: z.number().int().describe("Every visit that day, whatever its status"),
    needsTime: z.number().int().describe("Visits that day waiting for staff to give them a time (see ScheduleVisit.needsTime)"),
    ...(Object.fromEntries(SCHEDULE_STATUSES.map((status) => [status, z.number().int()])) as Record<
      (typeof SCHEDULE_STATUSES)[number],
      z.ZodNumber
    >),
  })
  .meta({ id: "ScheduleDayCount" });

export const ZAvailabilityResponseSchema = z
  .object({
    date: z.string(),
    serviceId: z.number().int(),
    capacity: z.number().int().describe("Visits that can run at once (crews)"),
    slots: z.array(
      z.object({
        time: z.enum(TIME_SLOTS).describe("HH:mm in Austin"),
        label: z.string().describe("e.g. 1:00 PM"),
        startTime: z.date(),
        endTime: z.date().describe("Start plus the service's duration"),
        available: z.boolean().describe("Whether a booking for this slot would be accepted now"),
        full: z.boolean().describe("Every crew is busy during part of this slot"),
      }),
    ),
  })
  .meta({ id: "Availability" });

export type TAvailabilityResponse = z.infer<typeof ZAvailabilityResponseSchema>;
