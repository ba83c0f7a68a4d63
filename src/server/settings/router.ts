import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { ZPasswordFormSchema, ZProfileFormSchema } from "@/lib/validation/settings";
import { passwordField } from "@/lib/validation/fields";
import { serializeClearedSessionCookie } from "@/server/auth/cookies";
import { exportBusinessData } from "@/server/settings/export";
import { changeStaffPassword, deleteStaffAccount, getStaffProfile, updateStaffProfile } from "@/server/settings/profile";
import { ConflictError, TooManyRequestsError } from "@/server/errors";
import { createTRPCRouter, staffProcedure, staffUserProcedure } from "@/server/api/trpc";
import { ZOkResponseSchema } from "@/server/auth/schemas";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZBusinessExportSchema, ZStaffProfileSchema } from "@/server/settings/schemas";

/** Settings: a signed-in staff member's own account. */
export const settingsRouter = createTRPCRouter({
  profile: staffUserProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: { method: "GET", path: "/settings/profile", tags: ["settings"], summary: "My staff profile" },
      beforePasswordChange: true,
    })
    .input(ZNoInputSchema)
    .output(ZStaffProfileSchema)
    .query(({ ctx }) => getStaffProfile(ctx.db, ctx.staffSession.user.id)),

  updateProfile: staffUserProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError],
      openapi: { method: "PUT", path: "/settings/profile", tags: ["settings"], summary: "Save my staff profile" },
    })
    .input(ZProfileFormSchema)
    .output(ZStaffProfileSchema)
    .mutation(({ ctx, input }) => updateStaffProfile(ctx.db, ctx.staffSession.user.id, input)),

  changePassword: staffUserProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: {
        method: "POST",
        path: "/settings/password",
        tags: ["settings"],
        summary: "Change my password (ends my other sessions)",
        description:
          "The only staff operation open while the account still has its generated first password; the new one must differ from it.",
      },
      errors: [TooManyRequestsError],
      beforePasswordChange: true,
      unbatched: true,
    })
    .input(ZPasswordFormSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await changeStaffPassword(ctx.db, ctx.staffSession.user.id, ctx.staffSession.sessionId, input);
      return { success: true as const, message: "Password updated" };
    }),

  deleteAccount: staffUserProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError, TooManyRequestsError],
      openapi: {
        method: "POST",
        path: "/settings/delete-account",
        tags: ["settings"],
        summary: "Delete my staff account (needs my password)",
      },
      unbatched: true,
    })
    .input(z.object({ password: passwordField("Password is required", 1) }))
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteStaffAccount(ctx.db, ctx.staffSession.user.id, input.password);
      ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie("staff"));
      return { success: true as const, message: "Your account has been deleted" };
    }),

  export: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/export", tags: ["settings"], summary: "Export customers, schedules, messages and payments" },
    })
    .input(ZNoInputSchema)
    .output(ZBusinessExportSchema)
    .query(({ ctx }) => exportBusinessData(ctx.db)),
});
