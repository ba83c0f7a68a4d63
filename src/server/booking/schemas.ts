import { z } from "zod";
import { TIME_SLOTS } from "@/lib/slots";
import { BOOKING_MESSAGES } from "@/lib/validation/booking";
import { dateStringField, pathId } from "@/lib/validation/fields";
import { RECURRING_FREQUENCIES, SCHEDULE_STATUSES } from "@/lib/schedule-enums";

export const ZBookingResponseSchema = z
  .object({
    bookingReference: z.string().describe("Shown to the customer, e.g. GS-7KQ4MX"),
    scheduleId: z.number().int(),
    status: z.enum(SCHEDULE_STATUSES).describe("Always 'pending' for a new booking"),
    service: z.object({ id: z.number().int(), name: z.string(), duration: z.number().int().describe("Minutes") }),
    date: z.string().describe("The visit's date in Austin, yyyy-MM-dd"),
    timeSlot: z.enum(TIME_SLOTS).describe("Start time in Austin, HH:mm"),
    startTime: z.date(),
    endTime: z.date(),
    isRecurring: z.boolean(),
    recurringFrequency: z.enum(RECURRING_FREQUENCIES).nullable(),
    lawnSizeSqFt: z.number().int().nullable().describe("Only for services priced by lawn size"),
    servicePrice: z.number().int().describe("Cents, before the recurring discount"),
    recurringDiscount: z.number().int().describe("Cents: 10% of the service price for recurring visits"),
    totalPrice: z.number().int().describe("Cents per visit, after the recurring discount"),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    specialInstructions: z.string().nullable(),
  })
  .meta({ id: "Booking" });
export type TBookingResponse = z.infer<typeof ZBookingResponseSchema>;

export const ZAvailabilityRequestSchema = z.object({
  date: dateStringField(BOOKING_MESSAGES.date).describe("The day in Austin, yyyy-MM-dd"),
  serviceId: pathId(BOOKING_MESSAGES.service),
});
