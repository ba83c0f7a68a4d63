import { ZAcceptQuoteSchema, ZDeclineQuoteSchema, ZQuoteTokenSchema } from "@/lib/validation/quotes";
import { z } from "zod";
import { createTRPCRouter, publicProcedure, type Context } from "@/server/api/trpc";
import { ConflictError, GoneError, InvalidInputError, NotFoundError, ServiceUnavailableError } from "@/server/errors";
import { acceptQuote } from "./accept-quote";
import { settleQuoteDepositOf, startQuoteDeposit } from "./deposit";
import type { QuoteViewer } from "./quote-access";
import { declineQuote, viewQuotePage } from "./quote-page";
import { ZQuoteAcceptedSchema, ZQuoteDepositIntentSchema, ZQuotePageSchema } from "./schemas";

const TAGS = ["quote page"];
const ZToken = z.object({ token: ZQuoteTokenSchema });

/** The signed-in customer, if any: someone else's quote reads to them as an unknown link. */
async function viewerOf(ctx: Context): Promise<QuoteViewer> {
  const session = await ctx.auth.customer();
  return session ? { id: session.customer.id, email: session.customer.email } : null;
}

/**
 * The customer's quote page, reached by the emailed link's token alone (no account needed). The
 * token travels in the body, never in a URL of the API. Unknown token: 404; revoked or expired: 410.
 */
export const quotePageRouter = createTRPCRouter({
  view: publicProcedure
    .meta({
      errors: [NotFoundError, GoneError],
      openapi: {
        method: "POST",
        path: "/quote-page",
        tags: TAGS,
        protect: false,
        summary: "The quote a link shows (its latest version); marks it viewed",
      },
    })
    .input(ZToken)
    .output(ZQuotePageSchema)
    .mutation(async ({ ctx, input }) => {
      const access = { token: input.token, viewer: await viewerOf(ctx) };
      await settleQuoteDepositOf(ctx.db, access);
      return viewQuotePage(ctx.db, access);
    }),

  accept: publicProcedure
    .meta({
      errors: [NotFoundError, GoneError, ConflictError, InvalidInputError],
      openapi: {
        method: "POST",
        path: "/quote-page/accept",
        tags: TAGS,
        protect: false,
        summary: "Accept the version read, with a typed name and the terms ticked (409 when a newer version exists)",
      },
    })
    .input(ZAcceptQuoteSchema)
    .output(ZQuoteAcceptedSchema)
    .mutation(async ({ ctx, input }) => acceptQuote(ctx.db, input, await viewerOf(ctx), ctx.ip)),

  decline: publicProcedure
    .meta({
      errors: [NotFoundError, GoneError, ConflictError],
      openapi: {
        method: "POST",
        path: "/quote-page/decline",
        tags: TAGS,
        protect: false,
        summary: "Decline the quote, with an optional reason",
      },
    })
    .input(ZDeclineQuoteSchema)
    .output(ZQuotePageSchema)
    .mutation(async ({ ctx, input }) => declineQuote(ctx.db, { token: input.token, viewer: await viewerOf(ctx) }, input.reason)),

  deposit: publicProcedure
    .meta({
      errors: [NotFoundError, GoneError, ConflictError, ServiceUnavailableError],
      unbatched: true,
      openapi: {
        method: "POST",
        path: "/quote-page/deposit",
        tags: TAGS,
        protect: false,
        summary: "Start the card payment of the deposit an acceptance waits for (the client secret for the card form)",
      },
    })
    .input(ZToken)
    .output(ZQuoteDepositIntentSchema)
    .mutation(async ({ ctx, input }) => startQuoteDeposit(ctx.db, { token: input.token, viewer: await viewerOf(ctx) })),
});
