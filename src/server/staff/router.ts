import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { ZEmailLinkTokenSchema } from "@/lib/validation/portal";
import {
  ZAcceptStaffInvitationSchema,
  ZStaffInvitationFormSchema,
  ZStaffRoleShape,
  STAFF_MESSAGES,
  withCrew,
} from "@/lib/validation/staff";
import { ZNoInputSchema } from "@/lib/validation/common";
import { createTRPCRouter, publicProcedure, staffUserProcedure } from "@/server/api/trpc";
import { ConflictError, NotFoundError } from "@/server/errors";
import { deviceTokenFrom, signInCookies } from "@/server/auth/cookies";
import { rememberDevice } from "@/server/auth/known-devices";
import { createStaffSession } from "@/server/auth/session";
import { ZOkResponseSchema, ZStaffStatusResponseSchema } from "@/server/auth/schemas";
import { toStaffUser } from "@/server/staff/sign-in-router";
import { config } from "@/server/config";
import {
  acceptStaffInvitation,
  describeStaffInvitation,
  inviteStaff,
  listPendingStaffInvitations,
  withdrawStaffInvitation,
} from "./staff-invitations";
import { changeStaffRole, listStaffUsers, removeStaffUser } from "./staff-users";
import { ZStaffInvitationDetailsSchema, ZStaffListSchema, ZStaffMemberSchema } from "./schemas";

const TAGS = ["staff"];
const ZStaffId = pathId(STAFF_MESSAGES.notFound);
const ZInvitationId = pathId(STAFF_MESSAGES.invitationNotPending);

/** Staff users: only owners manage them (docs/product-rules.md#staff-roles); invitees sign up from their link. */
export const staffRouter = createTRPCRouter({
  list: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: { method: "GET", path: "/staff", tags: TAGS, summary: "Staff members and the invitations not yet used" },
    })
    .input(ZNoInputSchema)
    .output(ZStaffListSchema)
    .query(async ({ ctx }) => ({ members: await listStaffUsers(ctx.db), invitations: await listPendingStaffInvitations(ctx.db) })),

  invite: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/staff/invitations",
        tags: TAGS,
        summary:
          "Invite someone to the staff by email, as owner, office or crew (crewId required for crew; 409 when the email is already staff's)",
      },
      successStatus: 201,
    })
    .input(ZStaffInvitationFormSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { email } = await inviteStaff(ctx.db, input, ctx.staffSession.user.id);
      return { success: true as const, message: `Invitation sent to ${email}.` };
    }),

  withdrawInvitation: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [NotFoundError],
      openapi: {
        method: "POST",
        path: "/staff/invitations/{id}/withdraw",
        tags: TAGS,
        summary: "Withdraw an invitation not yet used: its link stops working (404 when it was used, withdrawn or has expired)",
      },
    })
    .input(z.object({ id: ZInvitationId }))
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { email } = await withdrawStaffInvitation(ctx.db, input.id);
      return { success: true as const, message: `The invitation to ${email} was withdrawn.` };
    }),

  changeRole: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [ConflictError],
      openapi: {
        method: "PUT",
        path: "/staff/{id}/role",
        tags: TAGS,
        summary: "Change a staff member's role and crew (409 when it would leave no owner)",
      },
    })
    .input(withCrew({ ...ZStaffRoleShape, id: ZStaffId }))
    .output(ZStaffMemberSchema)
    .mutation(({ ctx, input: { id, ...form } }) => changeStaffRole(ctx.db, id, form)),

  remove: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [ConflictError],
      openapi: { method: "DELETE", path: "/staff/{id}", tags: TAGS, summary: "Remove a staff account (409 for the last owner)" },
    })
    .input(z.object({ id: ZStaffId }))
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await removeStaffUser(ctx.db, input.id);
      return { success: true as const, message: "Staff member removed" };
    }),

  invitation: publicProcedure
    .meta({
      errors: [NotFoundError],
      openapi: {
        method: "GET",
        path: "/staff-invitation",
        tags: TAGS,
        protect: false,
        summary: "Who a staff invitation is for, and as what",
      },
    })
    .input(z.object({ token: ZEmailLinkTokenSchema }))
    .output(ZStaffInvitationDetailsSchema)
    .query(({ ctx, input }) => describeStaffInvitation(ctx.db, input.token)),

  acceptInvitation: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/staff-invitation/accept",
        tags: TAGS,
        protect: false,
        summary: "Choose a username and password from a staff invitation, and sign in",
      },
      unbatched: true,
    })
    .input(ZAcceptStaffInvitationSchema)
    .output(ZStaffStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await acceptStaffInvitation(ctx.db, input);
      const session = await createStaffSession(ctx.db, user.id);
      const device = await rememberDevice(ctx.db, deviceTokenFrom(ctx.headers, "staff"), { kind: "staff", id: user.id });
      for (const cookie of signInCookies("staff", { ...session, device })) ctx.resHeaders.append("Set-Cookie", cookie);
      const signedIn = (await listStaffUsers(ctx.db)).find((member) => member.id === user.id)!;
      return {
        authenticated: true,
        user: toStaffUser({ ...signedIn, username: signedIn.username, mustChangePassword: false }),
        demoMode: config().demoMode,
      };
    }),
});
