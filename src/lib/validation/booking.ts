import { z } from "zod";
import { MIN_LAWN_SIZE_SQ_FT } from "@/lib/pricing";
import { isValidTimeSlot, TIME_SLOT_PATTERN } from "@/lib/slots";
import { BOOKING_MESSAGES } from "./booking-messages";
import { dateStringField, emailField, optionalText, positiveIdNumberOrDigits, requiredText } from "./fields";
import { RECURRING_FREQUENCIES } from "@/lib/schedule-enums";
import { PHONE_TAKES_TEXTS_ISSUE, phoneTakesTexts, textConsentField } from "./text-consent-field";

export { BOOKING_MESSAGES };

const MAX_LAWN_SIZE_SQ_FT = 1_000_000;

const bookingFields = {
  address: requiredText(BOOKING_MESSAGES.address, { min: 5, max: 300 }),
  city: requiredText(BOOKING_MESSAGES.city, { max: 200 }),
  state: requiredText(BOOKING_MESSAGES.state, { max: 50 }).default("TX"),
  date: dateStringField(BOOKING_MESSAGES.date),
  // The pattern documents the slots; the guard narrows the type to TimeSlot.
  timeSlot: z
    .string({ error: BOOKING_MESSAGES.timeSlot })
    .trim()
    .regex(TIME_SLOT_PATTERN, { error: BOOKING_MESSAGES.timeSlot, abort: true })
    .refine(isValidTimeSlot, BOOKING_MESSAGES.timeSlot),
  isRecurring: z.boolean().default(false),
  recurringFrequency: z.enum(RECURRING_FREQUENCIES).default("weekly"),
  fullName: requiredText(BOOKING_MESSAGES.fullName, { min: 2, max: 200 }),
  email: emailField(BOOKING_MESSAGES.email),
  phone: requiredText(BOOKING_MESSAGES.phone, { min: 10, max: 30 }),
  textConsent: textConsentField,
};

/** The wizard's form. The date is a yyyy-MM-dd string and the slot one of TIME_SLOTS. */
export const ZBookingFormSchema = z
  .object({
    ...bookingFields,
    serviceId: requiredText(BOOKING_MESSAGES.service, { max: 20 }),
    zipCode: requiredText(BOOKING_MESSAGES.zipCode, { min: 5, max: 10 }),
    lawnSizeSqFt: z
      .number({ error: BOOKING_MESSAGES.lawnSize })
      .min(MIN_LAWN_SIZE_SQ_FT, BOOKING_MESSAGES.lawnSize)
      .max(MAX_LAWN_SIZE_SQ_FT, BOOKING_MESSAGES.lawnSizeTooLarge)
      .optional(),
    specialInstructions: z.string().trim().max(1000, "Special instructions must be at most 1000 characters").optional(),
  })
  .refine(phoneTakesTexts, PHONE_TAKES_TEXTS_ISSUE);

export type TBookingFormInput = z.input<typeof ZBookingFormSchema>;
export type TBookingForm = z.output<typeof ZBookingFormSchema>;

/**
 * booking.create (REST POST /api/bookings). Whether the date is still bookable (from tomorrow,
 * Austin) also depends on the clock and is the server's check.
 */
export const ZCreateBookingRequestSchema = z
  .object({
    ...bookingFields,
    // The booking form holds the service as a string ("1"); integrations send a number.
    serviceId: positiveIdNumberOrDigits(BOOKING_MESSAGES.service).describe(
      "The service's id: an integer, or its decimal digits as a string",
    ),
    zipCode: z
      .string({ error: BOOKING_MESSAGES.zipCode })
      .trim()
      .regex(/^\d{5}$/, BOOKING_MESSAGES.zipCode),
    // Refused below 100 sq ft whatever the service: a lawn that small is a typing mistake.
    lawnSizeSqFt: z
      .number({ error: BOOKING_MESSAGES.lawnSize })
      .min(MIN_LAWN_SIZE_SQ_FT, BOOKING_MESSAGES.lawnSize)
      .max(MAX_LAWN_SIZE_SQ_FT, BOOKING_MESSAGES.lawnSizeTooLarge)
      .transform(Math.round)
      .nullish(),
    specialInstructions: optionalText(1000),
  })
  .refine(phoneTakesTexts, PHONE_TAKES_TEXTS_ISSUE);

export type TCreateBookingRequestInput = z.input<typeof ZCreateBookingRequestSchema>;
export type TCreateBookingRequest = z.output<typeof ZCreateBookingRequestSchema>;

/** A per-sq-ft service needs a lawn of at least 100 sq ft; absent means the default. */
export function lawnSizeIssue(lawnSize: number | null | undefined): string | null {
  if (lawnSize === null || lawnSize === undefined) return null;
  return lawnSize < MIN_LAWN_SIZE_SQ_FT ? BOOKING_MESSAGES.lawnSize : null;
}
