import { z } from "zod";
import { APPLICATION_RECORDED_VIA } from "@/lib/applications";
import { LICENSE_TYPES, PRODUCT_UNITS } from "@/lib/products";

// The inspector's applications report: every field 4 TAC §7.144 asks, as each record wrote it on
// the day. Days are Austin days (yyyy-MM-dd). docs/product-rules.md#the-inspectors-report

const day = z.string().describe("An Austin day, yyyy-MM-dd");

export const ZAppliedProduct = z
  .object({
    productId: z.number().int(),
    name: z.string().describe("The product's name as recorded"),
    epaRegistrationNumber: z.string().describe("Its EPA registration number as recorded"),
    unit: z.enum(PRODUCT_UNITS),
    amount: z.number().nullable().describe("The amount applied, in the product's unit; null when given as mixing rate and total mix"),
    ratePer1000SqFt: z.number().nullable().describe("The rate the amount came from, in the unit per 1,000 sq ft"),
    mixingRate: z.string().nullable(),
    totalMix: z.string().nullable(),
  })
  .meta({ id: "AppliedProduct" });

export const ZAmendment = z
  .object({
    originalRecordId: z.number().int().describe("The first record of the chain, kept unchanged"),
    amendsRecordId: z.number().int().describe("The version this one corrected"),
    amendments: z.number().int().describe("How many corrections the chain holds"),
    reason: z.string(),
    amendedBy: z.string().describe("Who wrote the correction, by name as it was"),
    amendedAt: z.date(),
  })
  .meta({ id: "ApplicationAmendment" });

export const ZApplicationReportRecord = z
  .object({
    id: z.number().int().describe("The record that stands: the latest of its amendment chain"),
    visitId: z.number().int().nullable(),
    customerId: z.number().int().nullable().describe("Null once the customer was deleted; the record keeps the name and addresses"),
    customerName: z.string(),
    billingAddress: z.string(),
    serviceAddress: z.string(),
    appliedOn: day,
    appliedAt: z.date(),
    targetPest: z.string().describe("The target pest or the purpose"),
    areaTreatedSqFt: z.number().int(),
    windSpeedMph: z.number().int(),
    windDirection: z.string().nullable(),
    temperatureF: z.number().int(),
    applicatorStaffUserId: z.number().int().nullable(),
    applicatorName: z.string(),
    applicatorLicenseType: z.enum(LICENSE_TYPES),
    applicatorLicenseNumber: z.string(),
    supervisorName: z.string().nullable().describe("A technician's supervising certified applicator"),
    supervisorLicenseNumber: z.string().nullable(),
    businessLicenseNumber: z.string().describe("The business's license number as recorded"),
    recordedVia: z.enum(APPLICATION_RECORDED_VIA),
    recordedByName: z.string(),
    recordedAt: z.date(),
    products: z.array(ZAppliedProduct),
    amendment: ZAmendment.nullable().describe("Null for a record never corrected"),
  })
  .meta({ id: "ApplicationReportRecord" });

const ZChoice = z.object({ id: z.number().int(), name: z.string() });

export const ZApplicationsReport = z
  .object({
    period: z.object({ from: day, to: day }),
    filters: z.object({
      productId: z.number().int().nullable(),
      staffUserId: z.number().int().nullable(),
      customerId: z.number().int().nullable(),
      customerName: z.string().nullable(),
    }),
    businessLicenseNumber: z.string().nullable().describe("The business's license number on file today"),
    records: z.array(ZApplicationReportRecord).describe("By day and time of application"),
    choices: z
      .object({
        products: z.array(ZChoice),
        applicators: z.array(ZChoice),
        customers: z.array(ZChoice.extend({ id: z.number().int().nullable().describe("Null for a deleted customer") })),
      })
      .describe("What the period's records hold, whatever the filters, to filter by"),
  })
  .meta({ id: "ApplicationsReport" });

export type AppliedProduct = z.infer<typeof ZAppliedProduct>;
export type ApplicationReportRecord = z.infer<typeof ZApplicationReportRecord>;
export type ApplicationsReport = z.infer<typeof ZApplicationsReport>;
