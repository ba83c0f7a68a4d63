import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { inviteCustomer } from "@/server/customer-accounts/invitations";
import { ConflictError } from "@/server/errors";
import { pathId } from "@/lib/validation/fields";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ZEmailSentResponseSchema } from "./schemas";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

/** Staff invite a customer they manage to the portal. */
export const portalInvitesRouter = createTRPCRouter({
  invite: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/customers/{id}/invite",
        tags: ["customers"],
        summary: "Email a customer a link to set up their portal account",
      },
    })
    .input(z.object({ id: pathId(CUSTOMER_NOT_FOUND) }))
    .output(ZEmailSentResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { email } = await inviteCustomer(ctx.db, input.id);
      return { success: true as const, message: `Invitation sent to ${email}.` };
    }),
});
