import { z } from "zod";
import { optionalText, positiveIdNumber, requiredText } from "./fields";

// An application record as the crew's phone, the office and the REST API send it
// (docs/product-rules.md#application-records). The names, addresses and license numbers are not
// sent: the server writes them as they stand on the day.

export const APPLICATION_MESSAGES = {
  recordFirst: "Record the application before completing this treatment visit.",
  notTreatment: "This visit is not a treatment visit: it takes no application record.",
  products: "Add from 1 to 10 products applied",
  product: "Pick a product from the list",
  amount: "Enter the amount applied: a number more than 0, with at most 3 decimals",
  mixing: "Give both the mixing rate and the total mix, or neither",
  area: "Enter the area treated in square feet, from 1 to 10,000,000",
  target: "Enter the target pest or purpose",
  wind: "Enter the wind speed in mph, from 0 to 60",
  temperature: "Enter the temperature in °F, from -20 to 130",
  applicator: "Pick the applicator",
  reason: "Say why the record is corrected",
  notFound: "Application record not found",
  businessLicenseMissing:
    "The business license number is not set: an owner sets it in Settings → Products before any application is recorded.",
  productNotListed: (name: string) => `${name} is not on the active product list.`,
  afterItsDay: "An application record cannot change after its day; record an amendment instead.",
  notYours: "Crew members record and correct only their own applications.",
  alreadyRecorded: "This visit already has its application record: edit it on its day, or record an amendment.",
  alreadyAmended: "This record was already corrected: amend the latest version.",
} as const;

/** Amounts are kept in thousandths of the product's unit (lib/products.ts): at most 3 decimals. */
const ZAmount = z
  .number({ error: APPLICATION_MESSAGES.amount })
  .min(0.001, APPLICATION_MESSAGES.amount)
  .max(1_000_000, APPLICATION_MESSAGES.amount)
  .refine((amount) => Math.abs(amount * 1000 - Math.round(amount * 1000)) < 1e-6, APPLICATION_MESSAGES.amount);

/**
 * One product applied: the amount in the product's unit, or the mixing rate and the total mix as
 * §7.144 allows; with neither, the amount is the product's default rate over the area treated.
 */
export const ZApplicationProductInput = z
  .object({
    productId: positiveIdNumber(APPLICATION_MESSAGES.product),
    amount: ZAmount.nullish(),
    mixingRate: optionalText(100),
    totalMix: optionalText(100),
  })
  .refine((product) => !product.mixingRate === !product.totalMix, { message: APPLICATION_MESSAGES.mixing, path: ["totalMix"] });

const applicationFields = {
  products: z
    .array(ZApplicationProductInput, { error: APPLICATION_MESSAGES.products })
    .min(1, APPLICATION_MESSAGES.products)
    .max(10, APPLICATION_MESSAGES.products),
  areaTreatedSqFt: z
    .number({ error: APPLICATION_MESSAGES.area })
    .int(APPLICATION_MESSAGES.area)
    .min(1, APPLICATION_MESSAGES.area)
    .max(10_000_000, APPLICATION_MESSAGES.area),
  targetPest: requiredText(APPLICATION_MESSAGES.target, { max: 200 }),
  windSpeedMph: z
    .number({ error: APPLICATION_MESSAGES.wind })
    .int(APPLICATION_MESSAGES.wind)
    .min(0, APPLICATION_MESSAGES.wind)
    .max(60, APPLICATION_MESSAGES.wind),
  windDirection: optionalText(20),
  temperatureF: z
    .number({ error: APPLICATION_MESSAGES.temperature })
    .int(APPLICATION_MESSAGES.temperature)
    .min(-20, APPLICATION_MESSAGES.temperature)
    .max(130, APPLICATION_MESSAGES.temperature),
  /** The office picks the applicator; a crew member is always their own (omit it). */
  applicatorStaffUserId: positiveIdNumber(APPLICATION_MESSAGES.applicator).nullish(),
};

export const ZApplicationInput = z.object(applicationFields);
export type TApplicationInput = z.output<typeof ZApplicationInput>;

/** A correction after the record's day: the full corrected content and why. */
export const ZAmendmentInput = z.object({ ...applicationFields, reason: requiredText(APPLICATION_MESSAGES.reason, { max: 500 }) });
export type TAmendmentInput = z.output<typeof ZAmendmentInput>;
