import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { dollarsToCents } from "@/lib/money";
import { ZCreatePaymentIntentRequestSchema, ZCreatePaymentRequestSchema } from "@/lib/validation/payment";
import { ZRecordPaymentRequestSchema } from "@/lib/validation/offline-payment";
import { pathId } from "@/lib/validation/fields";
import { createCustomerPaymentIntent, createStaffPaymentIntent } from "@/server/payments/intent";
import { getPayment, listPayments } from "@/server/payments/queries";
import { CUSTOMER_NOT_FOUND, PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";
import { createPendingPayment, recordOfflinePayment } from "@/server/payments/record";
import { paymentReturnStatus, refreshPaymentFromStripe } from "@/server/payments/refresh";
import { stripeSettings } from "@/server/stripe/config";
import { ConflictError, NotFoundError, ServiceUnavailableError, TooManyRequestsError } from "@/server/errors";
import { createTRPCRouter, customerProcedure, publicProcedure, staffProcedure } from "@/server/api/trpc";
import { ZNoInputSchema } from "@/lib/validation/common";
import {
  ZCardPaymentConfigSchema,
  ZPaymentIntentResponseSchema,
  ZPaymentReturnStatusSchema,
  ZPaymentSchema,
  toPaymentOutput,
} from "@/server/payments/schemas";

const ZPaymentIdSchema = z.object({ id: pathId(PAYMENT_NOT_FOUND) });

// A card payment only becomes completed through Stripe (docs/product-rules.md#payments): this says so plainly.
const ZNewPaymentRequestSchema = ZCreatePaymentRequestSchema.extend({
  status: z
    .literal("pending", { error: "New payments start as pending; card payments are completed only by the payment provider" })
    .optional(),
});

/** Payments: card payments through Stripe, cash and checks recorded by staff. */
export const paymentsRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/payments", tags: ["payments"], summary: "A customer's payment history (or the latest payments)" },
    })
    .input(z.object({ customerId: pathId(CUSTOMER_NOT_FOUND).optional() }))
    .output(z.array(ZPaymentSchema))
    .query(async ({ ctx, input }) => (await listPayments(ctx.db, input)).map(toPaymentOutput)),

  get: staffProcedure
    .meta({ roles: ROLES.office, openapi: { method: "GET", path: "/payments/{id}", tags: ["payments"], summary: "One payment" } })
    .input(ZPaymentIdSchema)
    .output(ZPaymentSchema)
    .query(async ({ ctx, input }) => toPaymentOutput(await getPayment(ctx.db, input.id))),

  create: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "POST", path: "/payments", tags: ["payments"], summary: "Create a pending card payment (amount in cents)" },
      successStatus: 201,
    })
    .input(ZNewPaymentRequestSchema)
    .output(ZPaymentSchema)
    .mutation(async ({ ctx, input }) => toPaymentOutput(await createPendingPayment(ctx.db, input))),

  recordOffline: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: {
        method: "POST",
        path: "/payments/offline",
        tags: ["payments"],
        summary: "Record a cash or check payment (completed at once)",
      },
      successStatus: 201,
    })
    .input(ZRecordPaymentRequestSchema)
    .output(ZPaymentSchema)
    .mutation(async ({ ctx, input }) =>
      toPaymentOutput(await recordOfflinePayment(ctx.db, { ...input, recordedByUserId: ctx.staff.user?.id ?? null })),
    ),

  refresh: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ServiceUnavailableError],
      openapi: {
        method: "POST",
        path: "/payments/{id}/refresh",
        tags: ["payments"],
        summary: "Re-read a card payment's state from Stripe",
      },
    })
    .input(ZPaymentIdSchema)
    .output(ZPaymentSchema)
    .mutation(async ({ ctx, input }) => toPaymentOutput(await refreshPaymentFromStripe(ctx.db, input.id))),

  createIntent: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, ConflictError, ServiceUnavailableError],
      openapi: {
        method: "POST",
        path: "/create-payment-intent",
        tags: ["payments"],
        summary: "Start the card payment of a pending payment (amount in dollars)",
      },
    })
    .input(ZCreatePaymentIntentRequestSchema)
    .output(ZPaymentIntentResponseSchema)
    .mutation(({ ctx, input }) =>
      createStaffPaymentIntent(ctx.db, {
        customerId: input.customerId,
        amountCents: dollarsToCents(input.amount),
        paymentId: input.paymentId,
      }),
    ),

  customerIntent: customerProcedure
    .meta({
      errors: [ConflictError, ServiceUnavailableError],
      openapi: {
        method: "POST",
        path: "/customer/payments/{id}/intent",
        tags: ["customer portal"],
        summary: "Start paying one of my pending payments by card",
      },
    })
    .input(ZPaymentIdSchema)
    .output(ZPaymentIntentResponseSchema)
    .mutation(({ ctx, input }) => createCustomerPaymentIntent(ctx.db, ctx.customer.id, input.id)),

  cardConfig: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/card-payments/config",
        tags: ["payments"],
        protect: false,
        summary: "Whether card payments are available, and the publishable key",
      },
    })
    .input(ZNoInputSchema)
    .output(ZCardPaymentConfigSchema)
    .query(() => {
      const { secretKey, publishableKey } = stripeSettings();
      return { enabled: Boolean(secretKey && publishableKey), publishableKey: publishableKey ?? null };
    }),

  returnStatus: publicProcedure
    .meta({
      errors: [NotFoundError, TooManyRequestsError, ServiceUnavailableError],
      openapi: {
        method: "POST",
        path: "/card-payments/return-status",
        tags: ["payments"],
        protect: false,
        summary: "The outcome of a card payment after the provider's return",
      },
    })
    .input(
      z.object({
        // Stripe's own id shapes: anything else cannot name a payment, and never reaches Stripe.
        paymentIntent: z
          .string()
          .trim()
          .max(255)
          .regex(/^pi_[A-Za-z0-9_]+$/, "Payment intent is not valid"),
        clientSecret: z
          .string()
          .trim()
          .max(255)
          .regex(/^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9]+$/, "Client secret is not valid"),
      }),
    )
    .output(ZPaymentReturnStatusSchema)
    .mutation(({ ctx, input }) => paymentReturnStatus(ctx.db, input, { ip: ctx.ip })),
});
