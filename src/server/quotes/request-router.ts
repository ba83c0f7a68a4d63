import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { QUOTE_REQUEST_BODY_LIMIT, ZQuoteRequestFormSchema } from "@/lib/validation/quotes";
import { createTRPCRouter, publicProcedure, staffProcedure } from "@/server/api/trpc";
import { InvalidInputError, NotFoundError, TooManyRequestsError } from "@/server/errors";
import {
  QUOTE_REQUEST_NOT_FOUND,
  QUOTE_REQUEST_THANKS,
  getQuoteRequest,
  getQuoteRequestPhoto,
  listQuoteRequests,
  markQuoteRequestHandled,
  submitQuoteRequest,
} from "./requests";
import { ZQuoteRequestPhotoSchema, ZQuoteRequestReceiptSchema, ZQuoteRequestSchema } from "./schemas";

const TAGS = ["quotes"];
const ZRequestId = pathId(QUOTE_REQUEST_NOT_FOUND);
/** Staff reading or marking one request: the office roles, and a 404 when it is not there. */
const oneRequestProcedure = staffProcedure.meta({ roles: ROLES.office, errors: [NotFoundError] });

/** Requests for a quote: the public form sends them, staff read them under Messages → Requests. */
export const quoteRequestsRouter = createTRPCRouter({
  submit: publicProcedure
    .meta({
      errors: [InvalidInputError, TooManyRequestsError],
      openapi: {
        method: "POST",
        path: "/quote-requests",
        tags: TAGS,
        protect: false,
        summary: "Ask for a quote: what, where (a served ZIP), when suits, up to 3 photos (each at most 5 MB) as base64",
      },
      // Three photos at their largest, as base64: the form sends the same photos as files.
      bodyLimit: QUOTE_REQUEST_BODY_LIMIT,
      successStatus: 201,
    })
    .input(ZQuoteRequestFormSchema)
    .output(ZQuoteRequestReceiptSchema)
    .mutation(async ({ ctx, input }) => {
      const { id } = await submitQuoteRequest(ctx.db, { ...input, ip: ctx.ip });
      return { success: true as const, id, message: QUOTE_REQUEST_THANKS };
    }),

  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/quote-requests", tags: TAGS, summary: "Quote requests, newest first (open by default)" },
    })
    .input(z.object({ status: z.enum(["open", "all"], { error: "Status must be open or all" }).default("open") }))
    .output(z.array(ZQuoteRequestSchema))
    .query(({ ctx, input }) => listQuoteRequests(ctx.db, input.status)),

  get: oneRequestProcedure
    .meta({
      openapi: { method: "GET", path: "/quote-requests/{id}", tags: TAGS, summary: "One quote request" },
    })
    .input(z.object({ id: ZRequestId }))
    .output(ZQuoteRequestSchema)
    .query(({ ctx, input }) => getQuoteRequest(ctx.db, input.id)),

  photo: oneRequestProcedure
    .meta({
      openapi: { method: "GET", path: "/quote-requests/{id}/photos/{photoId}", tags: TAGS, summary: "One photo of a request, as base64" },
    })
    .input(z.object({ id: ZRequestId, photoId: pathId("Photo not found") }))
    .output(ZQuoteRequestPhotoSchema)
    .query(async ({ ctx, input }) => {
      const photo = await getQuoteRequestPhoto(ctx.db, input.id, input.photoId);
      return { contentType: photo.contentType as "image/jpeg" | "image/png" | "image/webp", dataBase64: photo.dataBase64 };
    }),

  setHandled: oneRequestProcedure
    .meta({
      openapi: { method: "PATCH", path: "/quote-requests/{id}/handled", tags: TAGS, summary: "Mark a request handled (or open again)" },
    })
    .input(z.object({ id: ZRequestId, handled: z.boolean({ error: "handled must be true or false" }).default(true) }))
    .output(ZQuoteRequestSchema)
    .mutation(({ ctx, input }) => markQuoteRequestHandled(ctx.db, input.id, input.handled)),
});
