import { z } from "zod";
import { dollarsToCents } from "@/lib/money";
import { positiveIdNumber } from "./fields";

// The amount is typed in dollars (min 0.01, step 0.01),
// recorded in cents and sent to the payment-intent call in dollars.
export const PAYMENT_MESSAGES = {
  required: "Customer and amount are required",
  invalidAmount: "Please enter a valid amount",
  customer: "Customer is required",
  payment: "Payment is required",
  schedule: "Schedule must be a valid id",
} as const;

/** Card payments cannot exceed $999,999.99. */
const MAX_AMOUNT_CENTS = 99_999_999;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function toNumber(value: string | number): number {
  return typeof value === "number" ? value : Number(value.trim());
}

/** The New Payment dialog: the selected customer (id or select value) and the typed dollar amount. */
export const ZPaymentAmountSchema = z
  .object({
    customerId: z.union([z.number(), z.string()]).nullish(),
    amount: z.union([z.number(), z.string()]).nullish(),
  })
  .transform((dialog, ctx) => {
    if (isBlank(dialog.customerId) || isBlank(dialog.amount)) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.required, path: [isBlank(dialog.customerId) ? "customerId" : "amount"] });
      return z.NEVER;
    }
    const customerId = toNumber(dialog.customerId as string | number);
    if (!Number.isInteger(customerId) || customerId <= 0) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.required, path: ["customerId"] });
      return z.NEVER;
    }
    const amount = toNumber(dialog.amount as string | number);
    const amountCents = Number.isFinite(amount) ? dollarsToCents(amount) : Number.NaN;
    if (!(amount > 0) || !(amountCents >= 1) || amountCents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.invalidAmount, path: ["amount"] });
      return z.NEVER;
    }
    return { customerId, amount, amountCents };
  });

export type TPaymentAmountInput = z.input<typeof ZPaymentAmountSchema>;
export type TPaymentAmount = z.output<typeof ZPaymentAmountSchema>;

const amountCents = z
  .number({ error: PAYMENT_MESSAGES.invalidAmount })
  .int(PAYMENT_MESSAGES.invalidAmount)
  .positive(PAYMENT_MESSAGES.invalidAmount)
  .max(MAX_AMOUNT_CENTS, PAYMENT_MESSAGES.invalidAmount);

/** POST /api/payments: the amount in cents. */
export const ZCreatePaymentRequestSchema = z.object({
  customerId: positiveIdNumber(PAYMENT_MESSAGES.customer),
  amount: amountCents,
  status: z.literal("pending").optional(),
  scheduleId: positiveIdNumber(PAYMENT_MESSAGES.schedule).optional(),
});

export type TCreatePaymentRequest = z.output<typeof ZCreatePaymentRequestSchema>;

/** POST /api/create-payment-intent: the amount in dollars. */
export const ZCreatePaymentIntentRequestSchema = z.object({
  amount: z.number({ error: PAYMENT_MESSAGES.invalidAmount }).refine((dollars) => {
    const cents = dollarsToCents(dollars);
    return dollars > 0 && cents >= 1 && cents <= MAX_AMOUNT_CENTS;
  }, PAYMENT_MESSAGES.invalidAmount),
  customerId: positiveIdNumber(PAYMENT_MESSAGES.customer),
  paymentId: positiveIdNumber(PAYMENT_MESSAGES.payment).optional(),
});

export type TCreatePaymentIntentRequest = z.output<typeof ZCreatePaymentIntentRequestSchema>;
