import { z } from "zod";
import { LICENSE_TYPES, PRODUCT_UNITS } from "@/lib/products";

export const ZProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    epaRegistrationNumber: z.string(),
    activeIngredients: z.array(z.object({ name: z.string(), percent: z.number() })),
    unit: z.enum(PRODUCT_UNITS),
    defaultRate: z.number().describe("Default rate per 1,000 sq ft, in the product's unit (at most 3 decimals)"),
    mixingRate: z.string().nullable(),
    restrictedUse: z.boolean(),
    keepOffAdvice: z.string().nullable(),
    active: z.boolean().describe("False once retired: kept for the records, no longer offered to the crews"),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Product" });

export const ZStaffLicenseSchema = z
  .object({
    staffUserId: z.number().int(),
    holderName: z.string(),
    licenseType: z.enum(LICENSE_TYPES),
    licenseNumber: z.string(),
    expiresOn: z.string().describe("The last Austin day the license is good for, yyyy-MM-dd"),
    supervisor: z
      .object({ staffUserId: z.number().int(), name: z.string(), licenseNumber: z.string().nullable() })
      .nullable()
      .describe("A technician's supervising certified applicator"),
  })
  .meta({ id: "StaffLicense" });

export const ZLicenseWarningSchema = z
  .object({ staffUserId: z.number().int(), expiresOn: z.string(), message: z.string() })
  .meta({ id: "LicenseWarning" });

export const ZBusinessLicenseSchema = z
  .object({ licenseNumber: z.string().nullable().describe("The business's TDA license number; null until set") })
  .meta({ id: "BusinessLicense" });
