import { z } from "zod";
import { RECURRING_FREQUENCIES } from "@/lib/schedule-enums";
import { defineJobQueue } from "@/server/jobs/job-definition";

/**
 * What a booking's announcement carries: the booking as the confirmation, the office's notice and
 * the `booking.created` webhook describe it, and the job that sends them after the booking commits.
 * Apart from what sends it (announce.ts), which adds the job to this queue and is its handler.
 */

/** The announcement job's payload: JSON, so its times travel as ISO text. */
export const ZBookingAnnouncementJobSchema = z.strictObject({
  customerId: z.number().int(),
  booking: z.strictObject({
    bookingReference: z.string(),
    scheduleId: z.number().int(),
    status: z.string(),
    service: z.strictObject({ id: z.number().int(), name: z.string() }),
    startTime: z.iso.datetime(),
    endTime: z.iso.datetime(),
    isRecurring: z.boolean(),
    recurringFrequency: z.enum(RECURRING_FREQUENCIES).nullable(),
    totalPrice: z.number().int(),
    specialInstructions: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  typed: z.strictObject({ fullName: z.string(), phone: z.string() }).nullable(),
});

export type BookingAnnouncementJob = z.infer<typeof ZBookingAnnouncementJobSchema>;

/** The booking the announcement describes, its times as dates. */
export type AnnouncedBooking = Omit<BookingAnnouncementJob["booking"], "startTime" | "endTime"> & { startTime: Date; endTime: Date };

/**
 * A booking's announcement (its emails and webhook), added in the booking's transaction and made
 * after the commit, so the booking holds its day's lock only for the capacity check and its rows.
 */
export const announceBookingQueue = defineJobQueue({
  name: "announce-booking",
  // Its work is a few rows (the emails and deliveries are jobs of their own), done in well under a
  // second: a worker killed while holding one gives it back after 30 s, not two minutes (bench:crash).
  policy: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 },
  payload: ZBookingAnnouncementJobSchema,
});
