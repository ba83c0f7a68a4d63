import { z } from "zod";
import { ENROLLMENT_SOURCES, ENROLLMENT_STATUSES, SKIPPED_BY } from "@/lib/programs";

// What the programs' and enrollments' operations answer (docs/integrations.md).

const ZMonthDay = z.string().describe('Month-day, such as "02-15"');
const ZDay = z.string().describe("An Austin day, yyyy-MM-dd");

/** A round as a program defines it and as an enrollment copies it. */
const roundFields = {
  position: z.number().int(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  windowStart: ZMonthDay,
  windowEnd: ZMonthDay,
  minDaysSincePrevious: z.number().int(),
  purpose: z.string(),
};

export const ZProgramSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  enrollmentCount: z.number().int(),
  rounds: z.array(
    z.object({
      ...roundFields,
      price: z.number().int().describe("Cents, or the price for a lawn of the default size when pricePerSqFt is set"),
      pricePerSqFt: z.number().int().nullable().describe("Cents per sq ft of lawn"),
      products: z.array(z.object({ productId: z.number().int(), productName: z.string(), unit: z.string(), rate: z.number() })),
    }),
  ),
});

export const ZEnrollmentSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  programId: z.number().int(),
  programName: z.string(),
  season: z.number().int(),
  lawnSizeSqFt: z.number().int().nullable(),
  status: z.enum(ENROLLMENT_STATUSES),
  source: z.enum(ENROLLMENT_SOURCES),
  autoRenew: z.boolean(),
  renewalStoppedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  createdAt: z.date(),
  rounds: z.array(
    z.object({
      ...roundFields,
      price: z.number().int().describe("Cents, for this lawn"),
      visitId: z.string().nullable(),
      skippedBy: z.enum(SKIPPED_BY).nullable(),
      state: z.enum(["done", "scheduled", "skipped", "missed", "due", "waiting", "cancelled"]),
      opensOn: ZDay,
      closesOn: ZDay,
      dueFrom: ZDay,
      doneOn: ZDay.nullable(),
    }),
  ),
  nextRound: z.object({ position: z.number().int(), opensOn: ZDay, closesOn: ZDay, dueFrom: ZDay }).nullable(),
});
