import { z } from "zod";

export const ZFieldReportSchema = z.object({
  onMyWayAt: z.string().nullable(),
  etaMinutes: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  completionNote: z.string().nullable(),
  problemReason: z.string().nullable(),
  problemAt: z.string().nullable(),
  photoIds: z.array(z.number().int()),
});

export const ZCrewStopSchema = z.object({
  visitId: z.string(),
  version: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.string(),
  crewId: z.number().int().nullable(),
  crewName: z.string().nullable(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  address: z.string(),
  serviceName: z.string().nullable(),
  notes: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  gateCode: z.string().nullable(),
  report: ZFieldReportSchema,
  treatment: z
    .object({ lawnSizeSqFt: z.number().int().nullable(), purpose: z.string().nullable(), recordId: z.number().int().nullable() })
    .nullable()
    .describe("For a treatment visit (its record is required to complete it): what the record form starts from; null otherwise"),
});

export const ZCrewProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  epaRegistrationNumber: z.string(),
  unit: z.string(),
  defaultRate: z.number().describe("Per 1,000 sq ft, in the product's unit"),
  mixingRate: z.string().nullable(),
});

export const ZCrewDaySchema = z.object({
  date: z.string(),
  crewId: z.number().int().nullable(),
  stops: z.array(ZCrewStopSchema),
  products: z.array(ZCrewProductSchema).describe("The active products, so a phone can record an application offline"),
});

/** A field action's answer; a replay with the same key answers the first result with `replayed: true`. */
export const ZFieldActionResultSchema = z.object({
  stop: ZCrewStopSchema,
  customerNotified: z.boolean().optional(),
  replayed: z.boolean(),
});

export const ZVisitPhotoResultSchema = z.object({ photoId: z.number().int(), stop: ZCrewStopSchema, replayed: z.boolean() });
