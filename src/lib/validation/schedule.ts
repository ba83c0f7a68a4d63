import { z } from "zod";
import { businessDateOf, isDateString, isTimeOfDay } from "@/lib/business-time";
import { MIN_LAWN_SIZE_SQ_FT } from "@/lib/pricing";
import { RECURRING_FREQUENCIES, SCHEDULE_STATUSES } from "@/lib/schedule-enums";
import { BOOKING_MESSAGES } from "./booking-messages";
import { CREW_MESSAGES } from "./crews";
import { dateStringField, idField, instantField, optionalText, positiveIdNumber, timeOfDayField } from "./fields";

// The staff's schedule form.

export const SCHEDULE_MESSAGES = {
  customer: "Customer is required",
  service: "Please select a service",
  date: "Service date is required",
  startTime: "Start time is required",
  endTime: "End time is required",
  status: "Status is required",
  endBeforeStart: "End time must be after start time",
  recurringEndDate: "Recurring end date must be after the service date",
  invalidRecurringEndDate: "Recurring end date must be a valid date",
  totalPrice: "Total price must be a whole number of cents, 0 or more",
  lawnSize: "Lawn size must be between 100 and 1,000,000 sq ft",
  lawnSizeTooSmall: BOOKING_MESSAGES.lawnSize,
} as const;

function isValidInstant(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

const status = z.enum(SCHEDULE_STATUSES, { error: SCHEDULE_MESSAGES.status });

/**
 * The staff form: a yyyy-MM-dd date with HH:mm start and end times on Austin clocks (
 * defaults: today, 09:00 to 10:30, pending, weekly). The end date only counts when recurring,
 * since the field is hidden otherwise.
 */
export const ZScheduleFormSchema = z
  .object({
    customerId: idField(SCHEDULE_MESSAGES.customer),
    serviceId: z
      .union([z.literal(""), idField(SCHEDULE_MESSAGES.service)], { error: SCHEDULE_MESSAGES.service })
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
    crewId: z
      .union([z.literal(""), idField(CREW_MESSAGES.unknown)], { error: CREW_MESSAGES.unknown })
      .optional()
      .transform((value) => (value === "" || value === undefined ? null : value)),
    date: dateStringField(SCHEDULE_MESSAGES.date),
    startTime: timeOfDayField(SCHEDULE_MESSAGES.startTime),
    endTime: timeOfDayField(SCHEDULE_MESSAGES.endTime),
    status,
    notes: z.string().trim().max(5000, "Notes must be at most 5000 characters").optional(),
    isRecurring: z.boolean().default(false),
    recurringFrequency: z.enum(RECURRING_FREQUENCIES).default("weekly"),
    recurringEndDate: z
      .union([z.literal(""), dateStringField(SCHEDULE_MESSAGES.invalidRecurringEndDate)], {
        error: SCHEDULE_MESSAGES.invalidRecurringEndDate,
      })
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
  })
  // Object checks run even when a field failed; they only judge well-formed values.
  .refine((form) => !isTimeOfDay(form.startTime) || !isTimeOfDay(form.endTime) || form.endTime > form.startTime, {
    message: SCHEDULE_MESSAGES.endBeforeStart,
    path: ["endTime"],
  })
  .refine((form) => !form.isRecurring || !form.recurringEndDate || !isDateString(form.date) || form.recurringEndDate > form.date, {
    message: SCHEDULE_MESSAGES.recurringEndDate,
    path: ["recurringEndDate"],
  });

export type TScheduleFormInput = z.input<typeof ZScheduleFormSchema>;
export type TScheduleForm = z.output<typeof ZScheduleFormSchema>;

/** A new schedule's form on `date`: 09:00 to 10:30, pending, one-time (weekly once made recurring). */
export function newScheduleForm(date: string, customerId?: number): TScheduleFormInput {
  return {
    customerId: customerId ? String(customerId) : "",
    serviceId: "",
    crewId: "",
    date,
    startTime: "09:00",
    endTime: "10:30",
    status: "pending",
    notes: "",
    isRecurring: false,
    recurringFrequency: "weekly",
    recurringEndDate: "",
  };
}

/** The fields of POST and PUT /api/schedules, before the rules that compare them. */
const ZScheduleFields = z.object({
  customerId: positiveIdNumber(SCHEDULE_MESSAGES.customer),
  serviceId: positiveIdNumber(SCHEDULE_MESSAGES.service).nullish(),
  // Left out, a saved schedule keeps its crew; null unassigns it.
  crewId: positiveIdNumber(CREW_MESSAGES.unknown).nullish(),
  date: instantField(SCHEDULE_MESSAGES.date),
  startTime: instantField(SCHEDULE_MESSAGES.startTime),
  endTime: instantField(SCHEDULE_MESSAGES.endTime),
  status,
  notes: optionalText(5000),
  isRecurring: z.boolean().optional().default(false),
  recurringFrequency: z.enum(RECURRING_FREQUENCIES).nullish(),
  recurringEndDate: instantField(SCHEDULE_MESSAGES.invalidRecurringEndDate).nullish(),
  totalPrice: z
    .number({ error: SCHEDULE_MESSAGES.totalPrice })
    .int(SCHEDULE_MESSAGES.totalPrice)
    .min(0, SCHEDULE_MESSAGES.totalPrice)
    .max(100_000_000, SCHEDULE_MESSAGES.totalPrice)
    .optional(),
  lawnSizeSqFt: z
    .number({ error: SCHEDULE_MESSAGES.lawnSize })
    .int(SCHEDULE_MESSAGES.lawnSize)
    .min(MIN_LAWN_SIZE_SQ_FT, SCHEDULE_MESSAGES.lawnSizeTooSmall)
    .max(1_000_000, SCHEDULE_MESSAGES.lawnSize)
    .nullish(),
  address: optionalText(300),
  city: optionalText(200),
  state: optionalText(50),
  zipCode: optionalText(10),
  specialInstructions: optionalText(1000),
  /** A series whose later visits land where every crew is busy is refused, unless staff ask to move those to the nearest free times. */
  moveClashingVisits: z.boolean({ error: "moveClashingVisits must be true or false" }).optional(),
});

type ScheduleRuleFields = Pick<
  z.output<typeof ZScheduleFields>,
  "date" | "startTime" | "endTime" | "isRecurring" | "recurringFrequency" | "recurringEndDate"
>;

// Each rule judges only well-formed values: a field that failed keeps its own message.
function checkScheduleRules(payload: ScheduleRuleFields, ctx: z.RefinementCtx) {
  if (isValidInstant(payload.startTime) && isValidInstant(payload.endTime) && payload.endTime <= payload.startTime) {
    ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.endBeforeStart, path: ["endTime"] });
  }
  if (
    payload.isRecurring &&
    isValidInstant(payload.recurringEndDate) &&
    isValidInstant(payload.date) &&
    businessDateOf(payload.recurringEndDate) <= businessDateOf(payload.date)
  ) {
    ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.recurringEndDate, path: ["recurringEndDate"] });
  }
}

/** A one-time schedule has no frequency and no end date; a recurring one without a frequency is weekly. */
function normaliseRecurrence<T extends ScheduleRuleFields>(payload: T) {
  return payload.isRecurring
    ? { ...payload, recurringFrequency: payload.recurringFrequency ?? "weekly", recurringEndDate: payload.recurringEndDate ?? null }
    : { ...payload, recurringFrequency: null, recurringEndDate: null };
}

/** POST /api/schedules: a visit or a series. */
export const ZSchedulePayloadSchema = ZScheduleFields.superRefine(checkScheduleRules).transform(normaliseRecurrence);

/** PUT /api/schedules/{id}: the same payload and rules, with the id from the path. */
export function schedulePayloadWithId<Id extends z.ZodType<number>>(id: Id) {
  return ZScheduleFields.extend({ id }).superRefine(checkScheduleRules).transform(normaliseRecurrence);
}

export type TSchedulePayloadInput = z.input<typeof ZSchedulePayloadSchema>;
export type TSchedulePayload = z.output<typeof ZSchedulePayloadSchema>;
