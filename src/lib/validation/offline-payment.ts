import { z } from "zod";
import { dollarsToCents } from "@/lib/money";
import { optionalText, positiveIdNumber } from "./fields";
import { PAYMENT_MESSAGES } from "./payment";

// Staff record cash and checks the crew received; they are completed at once.
export const OFFLINE_PAYMENT_METHODS = ["cash", "check"] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

export const OFFLINE_PAYMENT_MESSAGES = {
  method: "Choose cash or check",
} as const;

const MAX_AMOUNT_CENTS = 99_999_999;

/** The amount typed in dollars, given back in cents. */
const dollarAmountInCents = z.union([z.number(), z.string()], { error: PAYMENT_MESSAGES.required }).transform((value, ctx) => {
  if (typeof value === "string" && value.trim() === "") {
    ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.required });
    return z.NEVER;
  }
  const dollars = typeof value === "number" ? value : Number(value.trim());
  const cents = Number.isFinite(dollars) ? dollarsToCents(dollars) : Number.NaN;
  if (!(dollars > 0) || !(cents >= 1) || cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.invalidAmount });
    return z.NEVER;
  }
  return cents;
});

const method = z.enum(OFFLINE_PAYMENT_METHODS, { error: OFFLINE_PAYMENT_MESSAGES.method });

/** The Record Payment form: dollars in, cents out. */
export const ZRecordPaymentFormSchema = z.object({
  amount: dollarAmountInCents,
  method,
  reference: optionalText(100),
});

export type TRecordPaymentFormInput = z.input<typeof ZRecordPaymentFormSchema>;
export type TRecordPaymentForm = z.output<typeof ZRecordPaymentFormSchema>;

/** POST /api/payments/offline: the amount in cents, like POST /api/payments. */
export const ZRecordPaymentRequestSchema = z.object({
  customerId: positiveIdNumber(PAYMENT_MESSAGES.customer),
  amount: z
    .number({ error: PAYMENT_MESSAGES.invalidAmount })
    .int(PAYMENT_MESSAGES.invalidAmount)
    .positive(PAYMENT_MESSAGES.invalidAmount)
    .max(MAX_AMOUNT_CENTS, PAYMENT_MESSAGES.invalidAmount),
  method,
  reference: optionalText(100),
  scheduleId: positiveIdNumber(PAYMENT_MESSAGES.schedule).optional(),
});

export type TRecordPaymentRequest = z.output<typeof ZRecordPaymentRequestSchema>;
