import { z } from "zod";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "@/server/db/schema";

export const ZPaymentSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    customerName: z.string(),
    scheduleId: z.number().int().nullable(),
    amount: z.number().int().describe("Amount in cents"),
    status: z.enum(PAYMENT_STATUSES),
    method: z.enum(PAYMENT_METHODS),
    paymentDate: z.date(),
    stripePaymentId: z.string().nullable().describe("The provider's payment (charge) id; the UI shows #{id} when absent"),
    stripePaymentIntent: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Payment" });

export const ZPaymentIntentResponseSchema = z
  .object({
    clientSecret: z.string(),
    paymentId: z.number().int(),
    amount: z.number().int().describe("Amount in cents, from the payment record"),
  })
  .meta({ id: "PaymentIntent" });

export const ZCardPaymentConfigSchema = z
  .object({
    enabled: z.boolean().describe("Whether card payments are configured on this server"),
    publishableKey: z.string().nullable(),
  })
  .meta({ id: "CardPaymentConfig" });

export const ZPaymentReturnStatusSchema = z
  .object({
    paymentId: z.number().int(),
    amount: z.number().int(),
    status: z.enum(PAYMENT_STATUSES),
    message: z.string().nullable(),
  })
  .meta({ id: "PaymentReturnStatus" });

/** jsonb reads back as unknown: the API gives objects only. */
export function toPaymentOutput<T extends { metadata: unknown }>(payment: T) {
  const metadata =
    payment.metadata && typeof payment.metadata === "object" && !Array.isArray(payment.metadata)
      ? (payment.metadata as Record<string, unknown>)
      : null;
  return { ...payment, metadata };
}
