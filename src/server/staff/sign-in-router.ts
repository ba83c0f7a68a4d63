import { config } from "@/server/config";
import { deviceTokenFrom, serializeClearedSessionCookie, signInCookies } from "@/server/auth/cookies";
import { invalidateStaffSession } from "@/server/auth/session";
import { loginStaff } from "@/server/auth/staff-accounts";
import { TooManyRequestsError, UnauthorizedError } from "@/server/errors";
import { ZStaffLoginSchema } from "@/lib/validation/staff-auth";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { ZOkResponseSchema, ZStaffStatusResponseSchema } from "@/server/auth/schemas";
import { ZNoInputSchema } from "@/lib/validation/common";
import type { StaffRole } from "@/lib/staff-roles";

export function toStaffUser(user: {
  fullName: string | null;
  email: string | null;
  username: string;
  mustChangePassword: boolean;
  role: StaffRole;
  crewId: number | null;
}) {
  return {
    fullName: user.fullName,
    email: user.email,
    username: user.username,
    mustChangePassword: user.mustChangePassword,
    role: user.role,
    crewId: user.crewId,
  };
}

/** Staff sign-in. */
export const authRouter = createTRPCRouter({
  status: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/auth/status",
        tags: ["staff auth"],
        protect: false,
        summary: "Whether a staff member is signed in",
      },
    })
    .input(ZNoInputSchema)
    .output(ZStaffStatusResponseSchema)
    .query(async ({ ctx }) => {
      const user = (await ctx.auth.staff())?.user;
      return {
        authenticated: Boolean(user),
        user: user ? toStaffUser(user) : null,
        demoMode: config().demoMode,
      };
    }),

  login: publicProcedure
    .meta({
      errors: [UnauthorizedError, TooManyRequestsError],
      openapi: { method: "POST", path: "/auth/login", tags: ["staff auth"], protect: false, summary: "Sign in as staff" },
      unbatched: true,
    })
    .input(ZStaffLoginSchema)
    .output(ZStaffStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const signedIn = await loginStaff(ctx.db, { ...input, ip: ctx.ip, deviceToken: deviceTokenFrom(ctx.headers, "staff") });
      for (const cookie of signInCookies("staff", signedIn)) ctx.resHeaders.append("Set-Cookie", cookie);
      return { authenticated: true, user: toStaffUser(signedIn.user), demoMode: config().demoMode };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: "POST", path: "/auth/logout", tags: ["staff auth"], protect: false, summary: "Sign out" } })
    .input(ZNoInputSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx }) => {
      const staffSession = await ctx.auth.staff();
      if (staffSession) await invalidateStaffSession(ctx.db, staffSession.sessionId);
      ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie("staff"));
      return { success: true as const, message: "You have been logged out" };
    }),
});
