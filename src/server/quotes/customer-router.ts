import { z } from "zod";
import { ZAcceptMyQuoteSchema, ZDeclineMyQuoteSchema, ZMyQuoteIdSchema } from "@/lib/validation/quotes";
import { ZNoInputSchema } from "@/lib/validation/common";
import { createTRPCRouter, customerProcedure } from "@/server/api/trpc";
import { ConflictError, GoneError, InvalidInputError, ServiceUnavailableError } from "@/server/errors";
import { acceptOpenedQuote } from "./accept-quote";
import { listCustomerQuotes } from "./customer-quotes";
import { payQuoteDepositWithSavedCard, savedCardForDeposit, settleQuoteDepositOf, startQuoteDeposit } from "./deposit";
import { declineQuote, viewQuotePage } from "./quote-page";
import {
  ZCustomerQuoteSchema,
  ZQuoteAcceptedSchema,
  ZQuoteDepositIntentSchema,
  ZQuotePageSchema,
  ZSavedCardPaymentSchema,
} from "./schemas";

const TAGS = ["customer portal"];

/**
 * The signed-in customer's quotes in My Account: the same page, acceptance, deposit and decline as
 * the emailed link, reached by the session instead of the token (which is never shown nor
 * replaced). Only quotes the account owns by proof are there; anyone else's, and drafts, answer 404
 * like a quote that does not exist. docs/product-rules.md#quotes
 */
export const customerQuotesRouter = createTRPCRouter({
  list: customerProcedure
    .meta({ openapi: { method: "GET", path: "/customer/quotes", tags: TAGS, summary: "The customer's quotes, newest sent first" } })
    .input(ZNoInputSchema)
    .output(z.array(ZCustomerQuoteSchema))
    .query(({ ctx }) => listCustomerQuotes(ctx.db, ctx.customer.id)),

  view: customerProcedure
    .meta({
      errors: [GoneError],
      openapi: {
        method: "GET",
        path: "/customer/quotes/{id}",
        tags: TAGS,
        summary: "One of the customer's quotes (its latest version); a sent quote becomes viewed",
        description: "Withdrawn by the office, or past its last day without an acceptance: 410.",
      },
    })
    .input(ZMyQuoteIdSchema)
    .output(ZQuotePageSchema)
    .query(async ({ ctx, input }) => {
      const access = { customerId: ctx.customer.id, quoteId: input.id };
      // A deposit already paid (confirmed by asking the card provider) accepts the quote first.
      await settleQuoteDepositOf(ctx.db, access);
      const page = await viewQuotePage(ctx.db, access);
      const savedCard =
        page.acceptance?.status === "awaiting_deposit" ? await savedCardForDeposit(ctx.db, ctx.customer.id, input.id) : null;
      return { ...page, savedCard };
    }),

  accept: customerProcedure
    .meta({
      errors: [GoneError, ConflictError, InvalidInputError],
      openapi: {
        method: "POST",
        path: "/customer/quotes/{id}/accept",
        tags: TAGS,
        summary: "Accept the version read, with a typed name and the terms ticked (409 when a newer version exists)",
      },
    })
    .input(ZAcceptMyQuoteSchema)
    .output(ZQuoteAcceptedSchema)
    .mutation(({ ctx, input: { id, ...answer } }) =>
      acceptOpenedQuote(ctx.db, { customerId: ctx.customer.id, quoteId: id }, answer, ctx.ip),
    ),

  decline: customerProcedure
    .meta({
      errors: [GoneError, ConflictError],
      openapi: { method: "POST", path: "/customer/quotes/{id}/decline", tags: TAGS, summary: "Decline the quote, with an optional reason" },
    })
    .input(ZDeclineMyQuoteSchema)
    .output(ZQuotePageSchema)
    .mutation(({ ctx, input }) => declineQuote(ctx.db, { customerId: ctx.customer.id, quoteId: input.id }, input.reason)),

  deposit: customerProcedure
    .meta({
      errors: [GoneError, ConflictError, ServiceUnavailableError],
      unbatched: true,
      openapi: {
        method: "POST",
        path: "/customer/quotes/{id}/deposit",
        tags: TAGS,
        summary: "Start the card payment of the deposit an acceptance waits for (the client secret for the card form)",
      },
    })
    .input(ZMyQuoteIdSchema)
    .output(ZQuoteDepositIntentSchema)
    .mutation(({ ctx, input }) => startQuoteDeposit(ctx.db, { customerId: ctx.customer.id, quoteId: input.id })),

  payDepositWithSavedCard: customerProcedure
    .meta({
      errors: [GoneError, ConflictError, ServiceUnavailableError],
      unbatched: true,
      openapi: {
        method: "POST",
        path: "/customer/quotes/{id}/deposit/saved-card",
        tags: TAGS,
        summary:
          "Pay the deposit an acceptance waits for with the account's default saved card, now; once it goes through the quote is accepted (409 when the card form already started paying it)",
      },
    })
    .input(ZMyQuoteIdSchema)
    .output(ZSavedCardPaymentSchema)
    .mutation(({ ctx, input }) => payQuoteDepositWithSavedCard(ctx.db, { customerId: ctx.customer.id, quoteId: input.id })),
});
