import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { INQUIRY_NOT_FOUND, convertInquiryToCustomer, listInquiries, setInquiryHandled } from "@/server/inquiries/inquiries";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { ZInquiryCustomerRequestSchema, ZInquiryCustomerResponseSchema, ZInquirySchema } from "@/server/inquiries/schemas";

const ZInquiryId = z.object({ id: pathId(INQUIRY_NOT_FOUND) });

/** Inquiries from the contact form and from texts of unknown numbers, for staff. */
export const inquiriesRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/inquiries",
        tags: ["messages"],
        summary: "Inquiries from the website and from texts (open by default)",
      },
    })
    .input(z.object({ status: z.enum(["open", "handled", "all"], { error: "Status must be open, handled or all" }).default("open") }))
    .output(z.array(ZInquirySchema))
    .query(({ ctx, input }) => listInquiries(ctx.db, input.status)),

  setHandled: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "PATCH", path: "/inquiries/{id}/handled", tags: ["messages"], summary: "Mark an inquiry handled (or open again)" },
    })
    .input(ZInquiryId.extend({ handled: z.boolean({ error: "handled must be true or false" }).default(true) }))
    .output(ZInquirySchema)
    .mutation(({ ctx, input }) => setInquiryHandled(ctx.db, input.id, input.handled)),

  convertToCustomer: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, InvalidInputError],
      openapi: {
        method: "POST",
        path: "/inquiries/{id}/customer",
        tags: ["messages"],
        summary:
          "Turn an inquiry into a customer, or link it to the customer chosen (customerId) or with its email; a text joins that customer's conversation (a text needs customerId)",
      },
    })
    .input(ZInquiryId.extend(ZInquiryCustomerRequestSchema.shape))
    .output(ZInquiryCustomerResponseSchema)
    .mutation(({ ctx, input }) => convertInquiryToCustomer(ctx.db, input.id, { customerId: input.customerId })),
});
