import { z } from "zod";
import { QUOTE_STATUSES } from "@/lib/quote-enums";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZCreateQuoteSchema, ZQuoteOfferSchema, ZQuoteSettingsSchema } from "@/lib/validation/quotes";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { revokeQuoteLink, sendQuote } from "./quote-link";
import { getQuoteSettings, saveQuoteSettings } from "./quote-settings";
import { createQuote, getQuote, listQuotes, QUOTE_NOT_FOUND, reviseQuote } from "./quotes";
import { ZQuoteListItemSchema, ZQuoteSchema, ZQuoteSettingsResponseSchema } from "./schemas";

const TAGS = ["quotes"];
const ZQuoteId = pathId(QUOTE_NOT_FOUND);

/** Staff build, revise and send quotes (owner and office; crews do not see prices). docs/product-rules.md#quotes */
export const quotesRouter = createTRPCRouter({
  list: staffProcedure
    .meta({ roles: ROLES.office, openapi: { method: "GET", path: "/quotes", tags: TAGS, summary: "Quotes, newest first" } })
    .input(z.object({ status: z.enum(QUOTE_STATUSES, { error: "Unknown status" }).optional() }))
    .output(z.array(ZQuoteListItemSchema))
    .query(({ ctx, input }) => listQuotes(ctx.db, input)),

  get: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "GET", path: "/quotes/{id}", tags: TAGS, summary: "A quote with its current version, versions and acceptance" },
    })
    .input(z.object({ id: ZQuoteId }))
    .output(ZQuoteSchema)
    .query(({ ctx, input }) => getQuote(ctx.db, input.id)),

  create: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [InvalidInputError],
      openapi: {
        method: "POST",
        path: "/quotes",
        tags: TAGS,
        summary: "Build a draft quote from a request (requestId), for a customer (customerId) or for a contact; money in cents",
      },
      successStatus: 201,
    })
    .input(ZCreateQuoteSchema)
    .output(ZQuoteSchema)
    .mutation(({ ctx, input }) => createQuote(ctx.db, input, ctx.staff.user?.id ?? null)),

  revise: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, ConflictError, InvalidInputError],
      openapi: {
        method: "PUT",
        path: "/quotes/{id}",
        tags: TAGS,
        summary: "Change a quote: a draft in place, a sent one as a new version (409 once accepted)",
      },
    })
    .input(ZQuoteOfferSchema.extend({ id: ZQuoteId }))
    .output(ZQuoteSchema)
    .mutation(({ ctx, input: { id, ...offer } }) => reviseQuote(ctx.db, id, offer, ctx.staff.user?.id ?? null)),

  send: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, ConflictError, InvalidInputError],
      openapi: {
        method: "POST",
        path: "/quotes/{id}/send",
        tags: TAGS,
        summary: "Email the quote's link (a new link each time; the one before stops working)",
      },
    })
    .input(z.object({ id: ZQuoteId }))
    .output(ZQuoteSchema)
    .mutation(({ ctx, input }) => sendQuote(ctx.db, input.id)),

  revoke: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, ConflictError],
      openapi: {
        method: "POST",
        path: "/quotes/{id}/revoke",
        tags: TAGS,
        summary: "Withdraw the quote's link: it answers 410 from now on",
      },
    })
    .input(z.object({ id: ZQuoteId }))
    .output(ZQuoteSchema)
    .mutation(({ ctx, input }) => revokeQuoteLink(ctx.db, input.id)),

  settings: staffProcedure
    .meta({ roles: ROLES.office, openapi: { method: "GET", path: "/quote-settings", tags: TAGS, summary: "The tax rate new quotes take" } })
    .input(ZNoInputSchema)
    .output(ZQuoteSettingsResponseSchema)
    .query(({ ctx }) => getQuoteSettings(ctx.db)),

  saveSettings: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: {
        method: "PUT",
        path: "/quote-settings",
        tags: TAGS,
        summary: "Set the tax rate new quotes take (basis points: 825 = 8.25%)",
      },
    })
    .input(ZQuoteSettingsSchema)
    .output(ZQuoteSettingsResponseSchema)
    .mutation(({ ctx, input }) => saveQuoteSettings(ctx.db, input)),
});
