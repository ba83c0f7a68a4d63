import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { addCardRequestEmail } from "@/server/email/templates/payments";
import { autopayState, setAutopay } from "@/server/payments/autopay";
import { chooseDefaultCard, createCardSetup, listSavedCards, removeSavedCard } from "@/server/payments/cards";
import { assertCustomerExists, getPayment } from "@/server/payments/queries";
import { CUSTOMER_NOT_FOUND, PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";
import { getReceipt } from "@/server/payments/receipts";
import { listRefunds, refundPayment } from "@/server/payments/refunds";
import { getCustomerPayment } from "@/server/payments/customer-payments";
import { customers } from "@/server/db/schema";
import { sendEmail } from "@/server/email/send-email";
import { getStripe } from "@/server/stripe/client";
import { ConflictError, NotFoundError, ServiceUnavailableError, TooManyRequestsError } from "@/server/errors";
import type { Db } from "@/server/db";
import { eq } from "drizzle-orm";
import { createTRPCRouter, customerProcedure, staffProcedure } from "@/server/api/trpc";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZPaymentSchema, toPaymentOutput } from "@/server/payments/schemas";
import {
  ZAutopayStateSchema,
  ZCardIdSchema,
  ZCardSetupSchema,
  ZCardsOnFileSchema,
  ZReceiptSchema,
  ZRefundRequestSchema,
  ZRefundSchema,
  ZOwedSchema,
  ZStaffAutopayRequestSchema,
} from "@/server/payments/cards-schemas";
import { owedSummary, UNPAID_LIMIT } from "@/server/payments/owed";

const PORTAL = ["customer portal"];
const CARDS = ["cards"];

/** Saved cards and autopay; without Stripe keys it says card payments are not set up, with no cards. */
async function cardsOnFile(db: Db, customerId: number) {
  if (!getStripe()) return { configured: false, cards: [], autopay: { enabled: false, consent: null } };
  const [cards, autopay] = await Promise.all([listSavedCards(db, customerId), autopayState(db, customerId)]);
  return { configured: true, cards, autopay };
}

const ZCustomerPathSchema = z.object({ id: pathId(CUSTOMER_NOT_FOUND) });

/** Card on file, autopay, receipts and refunds. */
const OWED_LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${UNPAID_LIMIT}`;
const ZOwedInputSchema = z.object({
  limit: z
    .number({ error: OWED_LIMIT_MESSAGE })
    .int(OWED_LIMIT_MESSAGE)
    .min(1, OWED_LIMIT_MESSAGE)
    .max(UNPAID_LIMIT, OWED_LIMIT_MESSAGE)
    .optional()
    .describe(`List at most this many unpaid visits, latest first (${UNPAID_LIMIT} when left out); the total and count cover them all`),
});

export const cardsRouter = createTRPCRouter({
  mine: customerProcedure
    .meta({
      errors: [ServiceUnavailableError],
      openapi: { method: "GET", path: "/customer/cards", tags: PORTAL, summary: "My saved cards and autopay" },
    })
    .input(ZNoInputSchema)
    .output(ZCardsOnFileSchema)
    .query(({ ctx }) => cardsOnFile(ctx.db, ctx.customer.id)),

  setup: customerProcedure
    .meta({
      errors: [TooManyRequestsError, ServiceUnavailableError],
      openapi: {
        method: "POST",
        path: "/customer/cards/setup",
        tags: PORTAL,
        summary: "Start saving a card (a SetupIntent for the Payment Element)",
      },
    })
    .input(ZNoInputSchema)
    .output(ZCardSetupSchema)
    .mutation(({ ctx }) => createCardSetup(ctx.db, ctx.customer.id)),

  remove: customerProcedure
    .meta({
      errors: [NotFoundError, ServiceUnavailableError],
      openapi: { method: "DELETE", path: "/customer/cards/{id}", tags: PORTAL, summary: "Remove a saved card" },
    })
    .input(z.object({ id: ZCardIdSchema }))
    .output(ZCardsOnFileSchema)
    .mutation(async ({ ctx, input }) => {
      await removeSavedCard(ctx.db, ctx.customer.id, input.id);
      return cardsOnFile(ctx.db, ctx.customer.id);
    }),

  makeDefault: customerProcedure
    .meta({
      errors: [NotFoundError, ServiceUnavailableError],
      openapi: { method: "POST", path: "/customer/cards/{id}/default", tags: PORTAL, summary: "Choose the card autopay charges" },
    })
    .input(z.object({ id: ZCardIdSchema }))
    .output(ZCardsOnFileSchema)
    .mutation(async ({ ctx, input }) => {
      await chooseDefaultCard(ctx.db, ctx.customer.id, input.id);
      return cardsOnFile(ctx.db, ctx.customer.id);
    }),

  setAutopay: customerProcedure
    .meta({
      errors: [ConflictError, ServiceUnavailableError],
      openapi: { method: "PUT", path: "/customer/autopay", tags: PORTAL, summary: "Turn autopay on or off" },
    })
    .input(z.object({ enabled: z.boolean({ error: "Enabled must be true or false" }) }))
    .output(ZAutopayStateSchema)
    .mutation(({ ctx, input }) => setAutopay(ctx.db, ctx.customer.id, { enabled: input.enabled, by: "customer" })),

  receipt: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customer/payments/{id}/receipt",
        tags: PORTAL,
        summary: "The receipt of one of my completed payments",
      },
    })
    .input(z.object({ id: pathId(PAYMENT_NOT_FOUND) }))
    .output(ZReceiptSchema)
    .query(async ({ ctx, input }) => {
      // Only a payment the portal shows (a claimed record's history stays hidden until the email is verified).
      await getCustomerPayment(ctx.db, ctx.customer.id, input.id);
      return getReceipt(ctx.db, input.id, ctx.customer.id);
    }),

  customerCards: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, ServiceUnavailableError],
      openapi: { method: "GET", path: "/customers/{id}/cards", tags: CARDS, summary: "A customer's saved cards and autopay" },
    })
    .input(ZCustomerPathSchema)
    .output(ZCardsOnFileSchema)
    .query(async ({ ctx, input }) => {
      await assertCustomerExists(ctx.db, input.id);
      return cardsOnFile(ctx.db, input.id);
    }),

  requestCard: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "POST", path: "/customers/{id}/card-request", tags: CARDS, summary: "Email the customer a link to save a card" },
    })
    .input(ZCustomerPathSchema)
    .output(z.object({ success: z.literal(true), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const [customer] = await ctx.db
        .select({ fullName: customers.fullName, email: customers.email })
        .from(customers)
        .where(eq(customers.id, input.id));
      if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
      await sendEmail(ctx.db, addCardRequestEmail(customer));
      return { success: true as const, message: `We emailed ${customer.email} a link to save a card.` };
    }),

  staffSetAutopay: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, ConflictError, ServiceUnavailableError],
      openapi: {
        method: "PUT",
        path: "/customers/{id}/autopay",
        tags: CARDS,
        summary: "Turn a customer's autopay on (with their consent recorded) or off",
      },
    })
    .input(ZCustomerPathSchema.extend(ZStaffAutopayRequestSchema.shape))
    .output(ZAutopayStateSchema)
    .mutation(async ({ ctx, input }) => {
      await assertCustomerExists(ctx.db, input.id);
      return setAutopay(ctx.db, input.id, {
        enabled: input.enabled,
        by: "staff",
        staffUserId: ctx.staff.user?.id ?? null,
        consentNote: input.consentNote,
      });
    }),

  refund: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, ConflictError, ServiceUnavailableError],
      openapi: {
        method: "POST",
        path: "/payments/{id}/refunds",
        tags: ["payments"],
        summary: "Refund a completed card payment, whole or in part (recorded when the provider confirms it)",
      },
      successStatus: 201,
    })
    .input(z.object({ id: pathId(PAYMENT_NOT_FOUND) }).extend(ZRefundRequestSchema.shape))
    .output(z.object({ payment: ZPaymentSchema, refunds: z.array(ZRefundSchema) }))
    .mutation(async ({ ctx, input }) => {
      const result = await refundPayment(ctx.db, {
        paymentId: input.id,
        amount: input.amount,
        reason: input.reason,
        staffUserId: ctx.staff.user?.id ?? null,
      });
      return { payment: toPaymentOutput(result.payment), refunds: result.refunds };
    }),

  owed: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/payments/owed",
        tags: ["payments"],
        summary: "Completed visits not yet paid, and autopay charges that need the customer",
      },
    })
    .input(ZOwedInputSchema)
    .output(ZOwedSchema)
    .query(({ ctx, input }) => owedSummary(ctx.db, input.limit)),

  refunds: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "GET", path: "/payments/{id}/refunds", tags: ["payments"], summary: "A payment's refunds" },
    })
    .input(z.object({ id: pathId(PAYMENT_NOT_FOUND) }))
    .output(z.array(ZRefundSchema))
    .query(async ({ ctx, input }) => {
      await getPayment(ctx.db, input.id);
      return listRefunds(ctx.db, input.id);
    }),
});
