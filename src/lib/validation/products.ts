import { z } from "zod";
import { LICENSE_TYPES, PRODUCT_UNITS } from "@/lib/products";
import { dateStringField, idField, optionalText, requiredText } from "./fields";

export const PRODUCT_MESSAGES = {
  name: "Enter the product's name",
  epaNumber:
    'Enter the EPA registration number as printed on the label: two or three groups of digits joined by dashes, such as "100-1070" or "62719-324-34"',
  ingredientsCount: "List from 1 to 10 active ingredients",
  ingredientName: "Name each active ingredient",
  ingredientPercent: "Each ingredient's percentage must be more than 0 and at most 100",
  ingredientsTotal: "The active ingredients add up to more than 100%",
  unit: `Choose a unit: ${PRODUCT_UNITS.join(", ")}`,
  rate: "Enter the default rate per 1,000 sq ft: a number more than 0, with at most 3 decimals",
  notFound: "Product not found",
  nameTaken: "Another active product has this name.",
} as const;

export const EPA_REGISTRATION_PATTERN = /^\d{1,7}-\d{1,7}(-\d{1,7})?$/;

const ZActiveIngredient = z.object({
  name: requiredText(PRODUCT_MESSAGES.ingredientName, { max: 200 }),
  percent: z
    .number({ error: PRODUCT_MESSAGES.ingredientPercent })
    .gt(0, PRODUCT_MESSAGES.ingredientPercent)
    .max(100, PRODUCT_MESSAGES.ingredientPercent),
});

/**
 * A rate per 1,000 sq ft: up to a million units with thousandths, what an integer of thousandths
 * holds with room to spare. Programs' default rates take the same rule with their own message.
 */
export function rateField(message: string) {
  return z
    .number({ error: message })
    .min(0.001, message)
    .max(1_000_000, message)
    .refine((rate) => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 1e-6, message);
}
const ZRate = rateField(PRODUCT_MESSAGES.rate);

/** A product as staff add or edit it in Settings → Products. */
export const ZProductFormSchema = z.object({
  name: requiredText(PRODUCT_MESSAGES.name, { max: 200 }),
  epaRegistrationNumber: z
    .string({ error: PRODUCT_MESSAGES.epaNumber })
    .trim()
    .regex(EPA_REGISTRATION_PATTERN, PRODUCT_MESSAGES.epaNumber)
    .describe('EPA registration number, such as "100-1070" or "62719-324-34"'),
  activeIngredients: z
    .array(ZActiveIngredient, { error: PRODUCT_MESSAGES.ingredientsCount })
    .min(1, PRODUCT_MESSAGES.ingredientsCount)
    .max(10, PRODUCT_MESSAGES.ingredientsCount)
    // Summed in hundredths of a percent so 33.33 + 66.67 is exactly 100; a single percentage over
    // 100 already has its own message.
    .refine(
      (list) => list.some((item) => item.percent > 100) || list.reduce((sum, item) => sum + Math.round(item.percent * 100), 0) <= 10_000,
      PRODUCT_MESSAGES.ingredientsTotal,
    ),
  unit: z.enum(PRODUCT_UNITS, { error: PRODUCT_MESSAGES.unit }),
  defaultRate: ZRate.describe("Default rate per 1,000 sq ft, in the product's unit"),
  mixingRate: optionalText(200).describe('How it is mixed, such as "1.5 fl oz per gal"'),
  restrictedUse: z.boolean().default(false),
  keepOffAdvice: optionalText(500).describe("What the customer is told after an application"),
});
export type TProductForm = z.output<typeof ZProductFormSchema>;

export const LICENSE_MESSAGES = {
  type: "Choose a license type: certified applicator or technician",
  number: "Enter the TDA license number: 3 to 20 letters and digits",
  expiresOn: "Enter the license's expiry date",
  supervisorRequired: "Choose the certified applicator who supervises this technician",
  supervisorOnlyForTechnician: "Only a technician has a supervising applicator",
  supervisorNotCertified: "The supervisor must hold a certified applicator's license.",
  supervisorSelf: "A technician cannot supervise themselves.",
} as const;

/** An owner sets a staff member's applicator license; a null type removes it. */
export const ZLicenseFormSchema = z
  .object({
    licenseType: z.enum(LICENSE_TYPES, { error: LICENSE_MESSAGES.type }).nullable(),
    licenseNumber: z
      .string({ error: LICENSE_MESSAGES.number })
      .trim()
      .regex(/^[A-Za-z0-9]{3,20}$/, LICENSE_MESSAGES.number)
      .nullish(),
    expiresOn: dateStringField(LICENSE_MESSAGES.expiresOn).nullish(),
    supervisorStaffUserId: idField(LICENSE_MESSAGES.supervisorRequired).nullish(),
  })
  .superRefine((form, context) => {
    if (!form.licenseType) return;
    if (!form.licenseNumber) context.addIssue({ code: "custom", message: LICENSE_MESSAGES.number, path: ["licenseNumber"] });
    if (!form.expiresOn) context.addIssue({ code: "custom", message: LICENSE_MESSAGES.expiresOn, path: ["expiresOn"] });
    if (form.licenseType === "technician" && !form.supervisorStaffUserId)
      context.addIssue({ code: "custom", message: LICENSE_MESSAGES.supervisorRequired, path: ["supervisorStaffUserId"] });
    if (form.licenseType !== "technician" && form.supervisorStaffUserId)
      context.addIssue({ code: "custom", message: LICENSE_MESSAGES.supervisorOnlyForTechnician, path: ["supervisorStaffUserId"] });
  });
export type TLicenseForm = z.output<typeof ZLicenseFormSchema>;

/** The business's TDA license number, printed on every application record; empty or null clears it. */
export const ZBusinessLicenseFormSchema = z.object({
  licenseNumber: z
    .string({ error: LICENSE_MESSAGES.number })
    .trim()
    .regex(/^([A-Za-z0-9]{3,20})?$/, LICENSE_MESSAGES.number)
    .nullable(),
});
export type TBusinessLicenseForm = z.output<typeof ZBusinessLicenseFormSchema>;
