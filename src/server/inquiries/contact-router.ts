import { ZContactFormSchema } from "@/lib/validation/contact";
import { CONTACT_THANKS, submitContactInquiry } from "@/server/inquiries/submit-inquiry";
import { TooManyRequestsError } from "@/server/errors";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { ZContactInquiryResponseSchema } from "@/server/inquiries/contact-schemas";

/** The public contact form; staff read its messages as website inquiries. */
export const contactRouter = createTRPCRouter({
  submit: publicProcedure
    .meta({
      errors: [TooManyRequestsError],
      openapi: { method: "POST", path: "/contact", tags: ["contact"], protect: false, summary: "Send a message to the business" },
      successStatus: 201,
    })
    .input(ZContactFormSchema)
    .output(ZContactInquiryResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { id } = await submitContactInquiry(ctx.db, { ...input, ip: ctx.ip });
      return { success: true as const, id, message: CONTACT_THANKS };
    }),
});
