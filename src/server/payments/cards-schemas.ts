import { z } from "zod";
import { PAYMENT_METHODS, REFUND_STATUSES } from "@/server/db/schema";

export const ZSavedCardSchema = z
  .object({
    id: z.string().describe("The provider's payment method id"),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    isDefault: z.boolean().describe("The card autopay charges"),
  })
  .meta({ id: "SavedCard" });

export const ZAutopayStateSchema = z
  .object({
    enabled: z.boolean(),
    consent: z
      .object({
        by: z.enum(["customer", "staff"]),
        staffUserId: z.number().int().nullable(),
        note: z.string().nullable().describe("How the customer agreed, when staff turned autopay on"),
        at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: "AutopayState" });

export const ZCardsOnFileSchema = z
  .object({
    configured: z.boolean().describe("False when card payments are not set up on this server"),
    cards: z.array(ZSavedCardSchema),
    autopay: ZAutopayStateSchema,
  })
  .meta({ id: "CardsOnFile" });

export const ZCardSetupSchema = z
  .object({ clientSecret: z.string().describe("The SetupIntent's client secret for the Payment Element") })
  .meta({ id: "CardSetup" });

export const ZReceiptSchema = z
  .object({
    paymentId: z.number().int(),
    amount: z.number().int().describe("Amount in cents"),
    method: z.enum(PAYMENT_METHODS),
    paymentDate: z.date(),
    customer: z.object({ fullName: z.string(), email: z.string(), address: z.string().nullable() }),
    visit: z.object({ visitId: z.string().nullable(), serviceName: z.string(), startTime: z.date() }).nullable(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    refunds: z.array(z.object({ amount: z.number().int(), reason: z.string(), date: z.date() })),
    refundedAmount: z.number().int(),
  })
  .meta({ id: "Receipt" });

export const ZRefundSchema = z
  .object({
    id: z.number().int(),
    amount: z.number().int().describe("Amount in cents"),
    reason: z.string(),
    status: z.enum(REFUND_STATUSES).describe("pending until the provider's webhook confirms it"),
    createdAt: z.date(),
    confirmedAt: z.date().nullable(),
  })
  .meta({ id: "Refund" });

export const ZCardIdSchema = z.string().trim().min(1, "Saved card not found").max(100, "Saved card not found");

export const ZRefundRequestSchema = z.object({
  amount: z
    .number({ error: "Amount must be a number of cents" })
    .int("Amount must be a whole number of cents")
    .positive("Amount must be more than zero")
    .max(100_000_000, "Amount is too large")
    .optional()
    .describe("Cents to refund; without it, all that is not yet refunded"),
  reason: z.string({ error: "Reason is required" }).trim().min(1, "Reason is required").max(500, "Reason must be at most 500 characters"),
});

export const ZStaffAutopayRequestSchema = z.object({
  enabled: z.boolean({ error: "Enabled must be true or false" }),
  consentNote: z
    .string()
    .trim()
    .max(500, "Consent note must be at most 500 characters")
    .optional()
    .describe("How the customer agreed (needed to turn autopay on)"),
});

export const ZOwedSchema = z
  .object({
    unpaidVisits: z.array(
      z.object({
        visitId: z.string(),
        scheduleId: z.number().int(),
        customerId: z.number().int(),
        customerName: z.string(),
        startTime: z.date(),
        amount: z.number().int().describe("The visit's price in cents"),
      }),
    ),
    failedAutopay: z.array(
      z.object({
        paymentId: z.number().int(),
        visitId: z.string(),
        customerId: z.number().int(),
        customerName: z.string(),
        amount: z.number().int(),
        reason: z.string(),
        createdAt: z.date(),
      }),
    ),
    owedTotal: z.number().int().describe("Cents owed for all completed, unpaid visits (the list holds the latest 200)"),
    unpaidCount: z.number().int().describe("How many completed visits are unpaid (the list holds the latest 200)"),
  })
  .meta({ id: "Owed" });
