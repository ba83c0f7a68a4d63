import { deviceTokenFrom, serializeClaimCookie, serializeClearedSessionCookie, signInCookies } from "@/server/auth/cookies";
import { EMAIL_TOKEN_LIFETIME_MS } from "@/server/customer-accounts/email-tokens";
import { invalidateCustomerSession } from "@/server/auth/session";
import { ACCOUNT_CREATED, CLAIM_LINK_SENT, loginCustomer, registerCustomer } from "@/server/customer-accounts/accounts";
import { NotFoundError, ConflictError, TooManyRequestsError, UnauthorizedError } from "@/server/errors";
import { requestPasswordReset, RESET_REQUESTED, resetCustomerPassword } from "@/server/customer-accounts/password";
import { ZCustomerLoginSchema, ZPasswordResetRequestSchema, ZPasswordResetSchema } from "@/lib/validation/customer-auth";
import { ZCustomerRegisterSchema } from "@/lib/validation/customer-register";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import {
  ZCustomerRegisterResponseSchema,
  ZCustomerStatusResponseSchema,
  ZOkResponseSchema,
  toSessionCustomer,
} from "@/server/auth/schemas";
import { ZNoInputSchema } from "@/lib/validation/common";

const TAGS = ["customer auth"];

/** Customer portal sign-in, and the way back in for a forgotten password. */
export const customerAuthRouter = createTRPCRouter({
  status: publicProcedure
    .meta({ openapi: { method: "GET", path: "/customer/status", tags: TAGS, protect: false, summary: "Whether a customer is signed in" } })
    .input(ZNoInputSchema)
    .output(ZCustomerStatusResponseSchema)
    .query(async ({ ctx }) => {
      const customer = (await ctx.auth.customer())?.customer;
      return { authenticated: Boolean(customer), customer: customer ? toSessionCustomer(customer) : null };
    }),

  register: publicProcedure
    .meta({
      errors: [ConflictError, TooManyRequestsError],
      openapi: {
        method: "POST",
        path: "/customer/register",
        tags: TAGS,
        protect: false,
        summary: "Create a portal account",
        description:
          "Creates the account and signs it in (`authenticated: true`); a link to confirm the email is sent. When a booking " +
          "or the business already keeps a record under this email, nothing is signed in (`authenticated: false`): a link " +
          "to choose a password goes to that address, and `message` says so.",
      },
      successStatus: 201,
      unbatched: true,
    })
    .input(ZCustomerRegisterSchema)
    .output(ZCustomerRegisterResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await registerCustomer(ctx.db, { ...input, ip: ctx.ip, deviceToken: deviceTokenFrom(ctx.headers, "customer") });
      if (result.outcome === "claim-link-sent") {
        // This browser may keep the password just typed, by opening the emailed link here.
        ctx.resHeaders.append("Set-Cookie", serializeClaimCookie(result.browserProof, EMAIL_TOKEN_LIFETIME_MS.invite / 1000));
        return { authenticated: false, customer: null, message: CLAIM_LINK_SENT };
      }
      for (const cookie of signInCookies("customer", result)) ctx.resHeaders.append("Set-Cookie", cookie);
      return { authenticated: true, customer: toSessionCustomer(result.customer), message: ACCOUNT_CREATED };
    }),

  login: publicProcedure
    .meta({
      errors: [UnauthorizedError, TooManyRequestsError],
      openapi: { method: "POST", path: "/customer/login", tags: TAGS, protect: false, summary: "Log in to the portal" },
      unbatched: true,
    })
    .input(ZCustomerLoginSchema)
    .output(ZCustomerStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const signedIn = await loginCustomer(ctx.db, { ...input, ip: ctx.ip, deviceToken: deviceTokenFrom(ctx.headers, "customer") });
      for (const cookie of signInCookies("customer", signedIn)) ctx.resHeaders.append("Set-Cookie", cookie);
      return { authenticated: true, customer: toSessionCustomer(signedIn.customer) };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: "POST", path: "/customer/logout", tags: TAGS, protect: false, summary: "Log out of the portal" } })
    .input(ZNoInputSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx }) => {
      const customerSession = await ctx.auth.customer();
      if (customerSession) await invalidateCustomerSession(ctx.db, customerSession.sessionId);
      ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie("customer"));
      return { success: true as const, message: "You have been logged out" };
    }),

  requestPasswordReset: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customer/password-reset",
        tags: TAGS,
        protect: false,
        summary: "Email a link to choose a new password",
        description: "Answers the same whether or not the email has an account. The link works once, for 1 hour.",
      },
      errors: [TooManyRequestsError],
      unbatched: true,
    })
    .input(ZPasswordResetRequestSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx.db, { email: input.email, ip: ctx.ip });
      return { success: true as const, message: RESET_REQUESTED };
    }),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customer/password-reset/confirm",
        tags: TAGS,
        protect: false,
        summary: "Choose a new password with the emailed link's token, and log in",
        description: "Every other session of the account ends.",
      },
      errors: [NotFoundError, TooManyRequestsError],
      unbatched: true,
    })
    .input(ZPasswordResetSchema)
    .output(ZCustomerStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const signedIn = await resetCustomerPassword(ctx.db, { token: input.token, password: input.password });
      for (const cookie of signInCookies("customer", signedIn)) ctx.resHeaders.append("Set-Cookie", cookie);
      return { authenticated: true, customer: toSessionCustomer(signedIn.customer) };
    }),
});
