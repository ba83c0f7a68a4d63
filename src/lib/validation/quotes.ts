import { z } from "zod";
import { DEPOSIT_KINDS, QUOTE_PLAN_KINDS } from "@/lib/quote-enums";
import { RECURRING_FREQUENCIES } from "@/lib/schedule-enums";
import { dateStringField, emailField, optionalText, pathId, positiveIdNumber, requiredText, timeOfDayField } from "./fields";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";
import { ZLawnSizeField } from "@/lib/validation/programs";

// The quote request form (/quote), the staff quote builder and the customer's quote page.
// docs/product-rules.md#quotes

export const QUOTE_MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  address: "Please enter the street address",
  zipCode: "Please enter a 5-digit ZIP code",
  description: "Tell us what you need in at least 10 characters",
  photos: "Add at most 3 photos",
  photoType: "Photos must be JPEG, PNG or WebP images",
  photoSize: "Each photo must be at most 5 MB",
  item: "Each line needs a description",
  items: "Add at least one line",
  quantity: "Quantity must be a whole number from 1 to 10,000",
  unitPrice: "Unit price must be from $0.00 to $100,000.00",
  expiresOn: "Choose the last day the quote can be accepted",
  planDate: "Choose the plan's first date",
  planTime: "Choose a start time",
  frequency: "Choose how often the visits repeat",
  deposit: "A percentage deposit is a whole number from 1 to 100",
  depositAmount: "A deposit amount must be at least $0.01",
  signedName: "Type your full name to accept",
  terms: "Please tick the box to accept the terms",
  token: "This quote link is not valid.",
  taxRate: "Tax rate must be from 0% to 100%, in steps of 0.01%",
  program: "Choose the lawn program",
  programInactive: "Choose an active lawn program",
} as const;

/** The largest photo, in bytes, and how many a request may carry. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTOS = 3;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** Base64 of at most MAX_PHOTO_BYTES bytes. */
const MAX_PHOTO_BASE64 = Math.ceil(MAX_PHOTO_BYTES / 3) * 4;
/** A JSON request with its photos as base64 at their largest, and room for the text fields. */
export const QUOTE_REQUEST_BODY_LIMIT = MAX_PHOTOS * MAX_PHOTO_BASE64 + 64 * 1024;

const ZPhotoSchema = z.object({
  contentType: z.enum(PHOTO_TYPES, { error: QUOTE_MESSAGES.photoType }),
  dataBase64: z
    .string({ error: QUOTE_MESSAGES.photoType })
    .max(MAX_PHOTO_BASE64, QUOTE_MESSAGES.photoSize)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, QUOTE_MESSAGES.photoType),
});

/** Whom a request or a quote is for, and where the work is: the request form and a new quote's contact ask alike. */
const contactName = requiredText(QUOTE_MESSAGES.name, { min: 2, max: 200 });
const contactFields = {
  email: emailField(QUOTE_MESSAGES.email),
  phone: optionalText(30),
  address: requiredText(QUOTE_MESSAGES.address, { min: 5, max: 300 }),
  city: optionalText(200),
  zipCode: z
    .string({ error: QUOTE_MESSAGES.zipCode })
    .trim()
    .regex(/^\d{5}$/, QUOTE_MESSAGES.zipCode),
};

/** The public request form, and POST /api/quote-requests. */
export const ZQuoteRequestFormSchema = z.object({
  name: contactName,
  ...contactFields,
  description: requiredText(QUOTE_MESSAGES.description, { min: 10, max: 5000 }),
  preferredTime: optionalText(200),
  photos: z.array(ZPhotoSchema, { error: QUOTE_MESSAGES.photos }).max(MAX_PHOTOS, QUOTE_MESSAGES.photos).default([]),
});
export type TQuoteRequestForm = z.output<typeof ZQuoteRequestFormSchema>;

const cents = (message: string, max: number) => z.number({ error: message }).int(message).min(0, message).max(max, message);

export const ZQuoteLineSchema = z.object({
  serviceId: positiveIdNumber("Choose a service from the catalogue").nullish(),
  description: requiredText(QUOTE_MESSAGES.item, { max: 500 }),
  quantity: z
    .number({ error: QUOTE_MESSAGES.quantity })
    .int(QUOTE_MESSAGES.quantity)
    .min(1, QUOTE_MESSAGES.quantity)
    .max(10_000, QUOTE_MESSAGES.quantity),
  unitPrice: cents(QUOTE_MESSAGES.unitPrice, 10_000_000).describe("Cents"),
  optional: z.boolean().default(false),
});

export const ZQuotePlanSchema = z
  .object({
    kind: z.enum(QUOTE_PLAN_KINDS),
    serviceId: positiveIdNumber("Choose a service from the catalogue").nullish(),
    frequency: z.enum(RECURRING_FREQUENCIES, { error: QUOTE_MESSAGES.frequency }).nullish(),
    firstDate: dateStringField(QUOTE_MESSAGES.planDate)
      .optional()
      .describe("Required for one visit or a recurring plan; a program's plan starts with its season's first open round"),
    startTime: timeOfDayField(QUOTE_MESSAGES.planTime).optional().describe("HH:mm, Austin; required for one visit or a recurring plan"),
    durationMinutes: z.number().int().min(15).max(720).default(60),
    endDate: dateStringField("Choose a valid end date").nullish(),
    pricePerVisit: cents("Price per visit must be from $0.00 to $100,000.00", 10_000_000)
      .nullish()
      .describe(
        "Cents, tax included; empty: the quote's total shared across the visits it covers, or a program's rounds still open (docs/product-rules.md#quotes)",
      ),
    programId: positiveIdNumber(QUOTE_MESSAGES.program)
      .nullish()
      .describe("For kind program: the lawn program the customer is enrolled in when they accept"),
    lawnSizeSqFt: ZLawnSizeField.nullish().describe("For kind program: the lawn's size; empty: the customer's usual size"),
    autoRenew: z.boolean().default(true).describe("For kind program: whether the enrollment renews for the next season"),
  })
  .superRefine((plan, ctx) => {
    if (plan.kind === "program") {
      if (plan.programId == null) ctx.addIssue({ code: "custom", path: ["programId"], message: QUOTE_MESSAGES.program });
      return;
    }
    if (!plan.firstDate) ctx.addIssue({ code: "custom", path: ["firstDate"], message: QUOTE_MESSAGES.planDate });
    if (!plan.startTime) ctx.addIssue({ code: "custom", path: ["startTime"], message: QUOTE_MESSAGES.planTime });
    if (plan.kind === "recurring" && !plan.frequency)
      ctx.addIssue({ code: "custom", path: ["frequency"], message: QUOTE_MESSAGES.frequency });
    if (plan.endDate && plan.firstDate && plan.endDate < plan.firstDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "The end date must be on or after the first date" });
  });

export const ZQuoteDepositSchema = z
  .object({ kind: z.enum(DEPOSIT_KINDS), value: z.number().int().min(0).max(10_000_000).default(0) })
  .superRefine((deposit, ctx) => {
    if (deposit.kind === "percent" && (deposit.value < 1 || deposit.value > 100))
      ctx.addIssue({ code: "custom", path: ["value"], message: QUOTE_MESSAGES.deposit });
    if (deposit.kind === "amount" && deposit.value < 1)
      ctx.addIssue({ code: "custom", path: ["value"], message: QUOTE_MESSAGES.depositAmount });
  });

/** What a version offers: staff write it whole when they create or revise a quote. */
export const ZQuoteOfferSchema = z.object({
  items: z.array(ZQuoteLineSchema, { error: QUOTE_MESSAGES.items }).min(1, QUOTE_MESSAGES.items).max(50, "At most 50 lines"),
  taxRateBasisPoints: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .nullish()
    .describe("Basis points (825 = 8.25%); empty takes the rate in Settings"),
  expiresOn: dateStringField(QUOTE_MESSAGES.expiresOn),
  terms: optionalText(5000),
  message: optionalText(2000),
  plan: ZQuotePlanSchema,
  deposit: ZQuoteDepositSchema.default({ kind: "none", value: 0 }),
});
export type TQuoteOffer = z.output<typeof ZQuoteOfferSchema>;
export type TQuoteOfferInput = z.input<typeof ZQuoteOfferSchema>;

/** Whom a new quote is for: a request, a customer, or someone typed in. */
export const ZQuoteContactSchema = z.object({
  fullName: contactName,
  ...contactFields,
});

export const ZCreateQuoteSchema = ZQuoteOfferSchema.extend({
  requestId: positiveIdNumber("Quote request not found").nullish(),
  customerId: positiveIdNumber(CUSTOMER_NOT_FOUND).nullish(),
  contact: ZQuoteContactSchema.nullish(),
});
export type TCreateQuote = z.output<typeof ZCreateQuoteSchema>;

/** A quote link's token, as the email carries it (base32, 32 characters). */
export const ZQuoteTokenSchema = z
  .string({ error: QUOTE_MESSAGES.token })
  .trim()
  // The length in the pattern, not in min/max: generated inputs (test/contract) meet it directly.
  .regex(/^[a-z2-7]{20,64}$/, QUOTE_MESSAGES.token);

export const ZAcceptQuoteSchema = z.object({
  token: ZQuoteTokenSchema,
  version: z.number().int().min(1).describe("The version the customer read: a newer one refuses the acceptance (409)"),
  signedName: requiredText(QUOTE_MESSAGES.signedName, { min: 2, max: 200 }),
  agreeToTerms: z.literal(true, { error: QUOTE_MESSAGES.terms }),
  optionalItemIds: z.array(positiveIdNumber("Unknown item")).max(50).default([]),
});
export type TAcceptQuote = z.output<typeof ZAcceptQuoteSchema>;

export const ZDeclineQuoteSchema = z.object({ token: ZQuoteTokenSchema, reason: optionalText(1000) });

/** One of the signed-in customer's quotes in the portal: its id, never its link's token. */
export const ZMyQuoteIdSchema = z.object({ id: pathId("Quote not found") });
export const ZAcceptMyQuoteSchema = ZAcceptQuoteSchema.omit({ token: true }).extend(ZMyQuoteIdSchema.shape);
export const ZDeclineMyQuoteSchema = ZDeclineQuoteSchema.omit({ token: true }).extend(ZMyQuoteIdSchema.shape);

/** Settings → Quotes: the tax rate new quotes take. */
export const ZQuoteSettingsSchema = z.object({
  taxRateBasisPoints: z
    .number({ error: QUOTE_MESSAGES.taxRate })
    .int(QUOTE_MESSAGES.taxRate)
    .min(0, QUOTE_MESSAGES.taxRate)
    .max(10_000, QUOTE_MESSAGES.taxRate),
});
