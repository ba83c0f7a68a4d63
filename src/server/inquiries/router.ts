import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { INQUIRY_NOT_FOUND, convertInquiryToCustomer, listInquiries, setInquiryHandled } from "@/server/inquiries/inquiries";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ZInquirySchema } from "@/server/inquiries/schemas";

const ZInquiryId = z.object({ id: pathId(INQUIRY_NOT_FOUND) });

/** Website inquiries from the contact form, for staff. */
export const inquiriesRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/inquiries", tags: ["messages"], summary: "Website inquiries (open by default)" },
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
      openapi: {
        method: "POST",
        path: "/inquiries/{id}/customer",
        tags: ["messages"],
        summary: "Turn an inquiry into a customer (or link the existing one)",
      },
    })
    .input(ZInquiryId)
    .output(z.object({ customerId: z.number().int(), created: z.boolean() }))
    .mutation(({ ctx, input }) => convertInquiryToCustomer(ctx.db, input.id)),
});
