import { serializeClearedSessionCookie, serializeSessionCookie } from "@/server/auth/cookies";
import { createCustomerSession, invalidateCustomerSession } from "@/server/auth/session";
import { loginCustomer, registerCustomer } from "@/server/accounts/customer-auth";
import { ConflictError, TooManyRequestsError, UnauthorizedError } from "@/server/errors";
import { ZCustomerLoginSchema, ZCustomerRegisterSchema } from "@/lib/validation/customer-auth";
import { createTRPCRouter, publicProcedure } from "../trpc";
import {
  ZCustomerStatusResponseSchema,
  ZNoInputSchema,
  ZOkResponseSchema,
  toSessionCustomer,
} from "../schemas/accounts";

/** Customer portal sign-in (spec section 7, Customer auth). */
export const customerAuthRouter = createTRPCRouter({
  status: publicProcedure
    .meta({ openapi: { method: "GET", path: "/customer/status", tags: ["customer auth"], protect: false, summary: "Whether a customer is signed in" } })
    .input(ZNoInputSchema)
    .output(ZCustomerStatusResponseSchema)
    .query(async ({ ctx }) => {
      const customer = (await ctx.auth.customer())?.customer;
      return { authenticated: Boolean(customer), customer: customer ? toSessionCustomer(customer) : null };
    }),

  register: publicProcedure
    .meta({
      errors: [ConflictError],
      openapi: { method: "POST", path: "/customer/register", tags: ["customer auth"], protect: false, summary: "Create a portal account" },
      successStatus: 201,
    })
    .input(ZCustomerRegisterSchema)
    .output(ZCustomerStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { customer } = await registerCustomer(ctx.db, input);
      const { token, cookieExpiresAt } = await createCustomerSession(ctx.db, customer.id);
      ctx.resHeaders.append("Set-Cookie", serializeSessionCookie("customer", token, cookieExpiresAt));
      return { authenticated: true, customer: toSessionCustomer(customer) };
    }),

  login: publicProcedure
    .meta({ errors: [UnauthorizedError, TooManyRequestsError], openapi: { method: "POST", path: "/customer/login", tags: ["customer auth"], protect: false, summary: "Log in to the portal" } })
    .input(ZCustomerLoginSchema)
    .output(ZCustomerStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { token, cookieExpiresAt, customer } = await loginCustomer(ctx.db, { ...input, ip: ctx.ip });
      ctx.resHeaders.append("Set-Cookie", serializeSessionCookie("customer", token, cookieExpiresAt));
      return { authenticated: true, customer: toSessionCustomer(customer) };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: "POST", path: "/customer/logout", tags: ["customer auth"], protect: false, summary: "Log out of the portal" } })
    .input(ZNoInputSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx }) => {
      const customerSession = await ctx.auth.customer();
      if (customerSession) await invalidateCustomerSession(ctx.db, customerSession.sessionId);
      ctx.resHeaders.append("Set-Cookie", serializeClearedSessionCookie("customer"));
      return { success: true as const, message: "You have been logged out" };
    }),
});
