import { z } from "zod";
import { isMonthDay } from "@/lib/programs";
import { idField, optionalText, requiredText } from "./fields";
import { rateField } from "./products";

// Lawn programs and enrollments as staff define them (docs/product-rules.md#lawn-programs).

export const PROGRAM_MESSAGES = {
  name: "Enter the program's name",
  rounds: "A program has from 1 to 24 rounds",
  service: "Choose each round's service",
  windowStart: 'Enter when each round\'s window opens as month-day, such as "02-15"',
  windowEnd: 'Enter when each round\'s window closes as month-day, such as "03-31"',
  windowOrder: "A round's window must open on or before it closes, inside one year",
  gap: "The days since the previous round must be a whole number from 0 to 365",
  purpose: "Enter each round's purpose or target pest",
  price: "Each round's price must be a whole number of cents more than 0",
  pricePerSqFt: "A price per sq ft must be a whole number of cents more than 0",
  product: "Choose each product from the list",
  productRate: "Enter each product's rate per 1,000 sq ft: a number more than 0, with at most 3 decimals",
  productTwice: "A round lists each product once",
  notFound: "Program not found",
  nameTaken: "Another active program has this name.",
  serviceInactive: "A round's service is not in the catalogue.",
  productInactive: "A round's product is not on the active list.",
  retired: "This program is retired: reactivate it before enrolling anyone.",
  customer: "Choose the customer to enroll",
  program: "Choose the program",
  season: "The season is a year from 2000 to 2200",
  seasonOver: "Every round of that season's program has closed: choose a later season.",
  lawnSize: "The lawn size must be a whole number of sq ft from 100 to 1,000,000",
  enrollmentNotFound: "Enrollment not found",
  alreadyEnrolled: "The customer is already enrolled in this program for that season.",
  roundNotFound: "That round is not part of this enrollment",
  roundDone: "That round is done and cannot be skipped.",
  roundScheduled: "That round has a visit planned: cancel the visit first, or skip it in the schedule.",
  enrollmentCancelled: "This enrollment was cancelled.",
} as const;

const ZMonthDay = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => isMonthDay(value), message);

/** A rate per 1,000 sq ft with at most three decimals, kept as thousandths (lib/products.ts). */
const ZRate = rateField(PROGRAM_MESSAGES.productRate);

export const ZProgramRoundForm = z
  .object({
    serviceId: idField(PROGRAM_MESSAGES.service),
    windowStart: ZMonthDay(PROGRAM_MESSAGES.windowStart),
    windowEnd: ZMonthDay(PROGRAM_MESSAGES.windowEnd),
    minDaysSincePrevious: z
      .number({ error: PROGRAM_MESSAGES.gap })
      .int(PROGRAM_MESSAGES.gap)
      .min(0, PROGRAM_MESSAGES.gap)
      .max(365, PROGRAM_MESSAGES.gap),
    purpose: requiredText(PROGRAM_MESSAGES.purpose, { max: 200 }),
    price: z
      .number({ error: PROGRAM_MESSAGES.price })
      .int(PROGRAM_MESSAGES.price)
      .min(1, PROGRAM_MESSAGES.price)
      .max(10_000_000, PROGRAM_MESSAGES.price),
    pricePerSqFt: z
      .number({ error: PROGRAM_MESSAGES.pricePerSqFt })
      .int(PROGRAM_MESSAGES.pricePerSqFt)
      .min(1, PROGRAM_MESSAGES.pricePerSqFt)
      .max(100_000, PROGRAM_MESSAGES.pricePerSqFt)
      .nullish()
      .transform((value) => value ?? null),
    products: z
      .array(z.object({ productId: idField(PROGRAM_MESSAGES.product), rate: ZRate }))
      .max(10, PROGRAM_MESSAGES.product)
      .default([])
      .refine((products) => new Set(products.map((product) => product.productId)).size === products.length, PROGRAM_MESSAGES.productTwice),
  })
  .refine((round) => round.windowStart <= round.windowEnd, { message: PROGRAM_MESSAGES.windowOrder, path: ["windowEnd"] });
export type TProgramRoundForm = z.output<typeof ZProgramRoundForm>;

/** A program as staff define or edit it: its rounds in order. */
export const ZProgramForm = z.object({
  name: requiredText(PROGRAM_MESSAGES.name, { max: 100 }),
  description: optionalText(1000),
  rounds: z.array(ZProgramRoundForm, { error: PROGRAM_MESSAGES.rounds }).min(1, PROGRAM_MESSAGES.rounds).max(24, PROGRAM_MESSAGES.rounds),
});
export type TProgramForm = z.output<typeof ZProgramForm>;

/** A lawn's size in sq ft, as programs price their rounds by it. */
export const ZLawnSizeField = z
  .number({ error: PROGRAM_MESSAGES.lawnSize })
  .int(PROGRAM_MESSAGES.lawnSize)
  .min(100, PROGRAM_MESSAGES.lawnSize)
  .max(1_000_000, PROGRAM_MESSAGES.lawnSize);

/** Staff enroll a customer in a program for a season (this year's or the next when left out). */
export const ZEnrollForm = z.object({
  customerId: idField(PROGRAM_MESSAGES.customer),
  programId: idField(PROGRAM_MESSAGES.program),
  season: z
    .number({ error: PROGRAM_MESSAGES.season })
    .int(PROGRAM_MESSAGES.season)
    .min(2000, PROGRAM_MESSAGES.season)
    .max(2200, PROGRAM_MESSAGES.season)
    .nullish(),
  lawnSizeSqFt: ZLawnSizeField.nullish(),
  autoRenew: z.boolean().default(false),
});
export type TEnrollForm = z.output<typeof ZEnrollForm>;
