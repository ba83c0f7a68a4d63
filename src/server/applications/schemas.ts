import { z } from "zod";
import { APPLICATION_RECORDED_VIA } from "@/lib/applications";
import { LICENSE_TYPES } from "@/lib/products";

export const ZAppliedProductSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  epaRegistrationNumber: z.string(),
  unit: z.string(),
  amount: z.number().nullable().describe("The amount applied, in the product's unit; null when given as a mixing rate and total mix"),
  ratePer1000SqFt: z.number().nullable(),
  mixingRate: z.string().nullable(),
  totalMix: z.string().nullable(),
});

/** A record with every §7.144 field as it stood on the day. */
export const ZApplicationRecordSchema = z.object({
  id: z.number().int(),
  visitId: z.string().nullable().describe("Null once the visit was removed: the record keeps its content"),
  customerId: z.number().int().nullable().describe("Null once the customer was deleted: the record keeps the name and addresses"),
  amendsRecordId: z.number().int().nullable(),
  amendmentReason: z.string().nullable(),
  appliedOn: z.string().describe("The Austin day of the application, yyyy-MM-dd"),
  appliedAt: z.string(),
  customerName: z.string(),
  billingAddress: z.string(),
  serviceAddress: z.string(),
  areaTreatedSqFt: z.number().int(),
  targetPest: z.string(),
  windSpeedMph: z.number().int(),
  windDirection: z.string().nullable(),
  temperatureF: z.number().int(),
  applicatorStaffUserId: z.number().int().nullable(),
  applicatorName: z.string(),
  applicatorLicenseType: z.enum(LICENSE_TYPES),
  applicatorLicenseNumber: z.string(),
  supervisorName: z.string().nullable(),
  supervisorLicenseNumber: z.string().nullable(),
  businessLicenseNumber: z.string(),
  recordedVia: z.enum(APPLICATION_RECORDED_VIA),
  recordedByStaffUserId: z.number().int().nullable(),
  recordedByName: z.string(),
  createdAt: z.string(),
  products: z.array(ZAppliedProductSchema),
});

export const ZVisitApplicationSchema = z.object({
  record: ZApplicationRecordSchema.nullable().describe("The visit's original record; null while it has none"),
  amendments: z.array(ZApplicationRecordSchema).describe("Its amendments, oldest first: the last one stands"),
  prefill: z
    .object({ areaTreatedSqFt: z.number().int().nullable(), targetPest: z.string().nullable() })
    .describe("What a new record starts from: the visit's lawn size and its program round's purpose"),
});

export const ZApplicatorSchema = z.object({
  staffUserId: z.number().int(),
  name: z.string(),
  licenseType: z.enum(LICENSE_TYPES),
  licenseNumber: z.string(),
  expiresOn: z.string(),
  validToday: z.boolean(),
  reason: z.string().nullable().describe("Why the license is not valid today"),
});
