import { z } from "zod";
import { pathId } from "@/lib/validation/fields";
import { PROGRAM_MESSAGES } from "@/lib/validation/programs";
import { createTRPCRouter, customerProcedure } from "@/server/api/trpc";
import { ConflictError, NotFoundError } from "@/server/errors";
import { customerEnrollments, customerSetRenewal, customerSkipRound } from "./customer-enrollments";
import { ZEnrollmentSchema } from "./schemas";

const TAGS = ["customer portal"];
const ZEnrollmentId = pathId(PROGRAM_MESSAGES.enrollmentNotFound);

/** A customer's own lawn programs in the portal (docs/product-rules.md#lawn-programs). */
export const customerProgramsRouter = createTRPCRouter({
  list: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customer/programs",
        tags: TAGS,
        summary: "The signed-in customer's lawn program enrollments, newest season first",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZEnrollmentSchema))
    .query(({ ctx }) => customerEnrollments(ctx.db, ctx.customer.id)),

  skipRound: customerProcedure
    .meta({
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "POST",
        path: "/customer/programs/{id}/skip-next-round",
        tags: TAGS,
        summary: "Skip the next round of one's program (409 when it has a visit planned within 2 days, or none is left)",
      },
    })
    .input(z.object({ id: ZEnrollmentId }))
    .output(ZEnrollmentSchema)
    .mutation(({ ctx, input }) => customerSkipRound(ctx.db, ctx.customer.id, input.id)),

  setRenewal: customerProcedure
    .meta({
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "PUT",
        path: "/customer/programs/{id}/renewal",
        tags: TAGS,
        summary: "Keep or stop one's program renewing for next season",
      },
    })
    .input(z.object({ id: ZEnrollmentId, autoRenew: z.boolean() }))
    .output(ZEnrollmentSchema)
    .mutation(({ ctx, input }) => customerSetRenewal(ctx.db, ctx.customer.id, input.id, input.autoRenew)),
});
