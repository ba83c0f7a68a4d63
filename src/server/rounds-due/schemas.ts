import { z } from "zod";

const day = z.string().describe("An Austin day, yyyy-MM-dd");

/** One round of an enrollment as the rounds-due list shows it. */
export const ZRoundDueSchema = z.object({
  enrollmentId: z.number().int(),
  position: z.number().int().describe("The round's place in the program, from 1"),
  roundCount: z.number().int().describe("How many rounds the enrollment has"),
  programName: z.string(),
  season: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  address: z.string().nullable().describe("The service address (the customer's)"),
  city: z.string().nullable(),
  zipCode: z.string().nullable().describe("The service address's ZIP code: the list's area"),
  lawnSizeSqFt: z.number().int().nullable(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  purpose: z.string().describe("The round's target pest or purpose"),
  price: z.number().int().describe("The round's price in cents, as sold"),
  state: z
    .enum(["due", "waiting", "missed"])
    .describe("due: may be done today; waiting: from dueFrom; missed: its window closed unscheduled"),
  dueFrom: day.describe("The first day it may be done: its window's opening, or the gap after the round before"),
  closesOn: day.describe("Its window's last day"),
});
export type TRoundDue = z.infer<typeof ZRoundDueSchema>;

export const ZRoundsDueResponseSchema = z.object({
  from: day,
  to: day,
  today: day,
  dueCount: z.number().int(),
  areas: z
    .array(z.object({ zipCode: z.string().nullable(), rounds: z.array(ZRoundDueSchema) }))
    .describe("The rounds that may be done on some day of the range, grouped by the service address's ZIP code"),
  missed: z.array(ZRoundDueSchema).describe("Rounds of active enrollments whose window closed in the range with none scheduled"),
});
export type TRoundsDueResponse = z.infer<typeof ZRoundsDueResponseSchema>;

export const ZScheduledRoundSchema = z.object({
  enrollmentId: z.number().int(),
  position: z.number().int(),
  customerName: z.string(),
  visitId: z.number().int(),
  startTime: z.date().describe("When the visit starts (date-time)"),
  endTime: z.date(),
  crewId: z.number().int().nullable(),
  needsTime: z.boolean().describe("No crew was free that day: the visit waits on the schedule for staff to give it a time"),
});

export const ZScheduleRoundsResponseSchema = z.object({
  day,
  scheduled: z.array(ZScheduledRoundSchema),
  needingTime: z.number().int().describe("How many of them wait for a time"),
});
export type TScheduleRoundsResponse = z.infer<typeof ZScheduleRoundsResponseSchema>;
