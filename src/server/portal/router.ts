import { z } from "zod";
import { claimProofFrom, deviceTokenFrom, serializeClearedClaimCookie, signInCookies } from "@/server/auth/cookies";
import { signInCustomer } from "@/server/customer-accounts/accounts";
import { changeCustomerPassword, PASSWORD_CHANGED } from "@/server/customer-accounts/password";
import { cancelAppointment, confirmBookingIsMine, listAppointments } from "@/server/self-service/appointments";
import { acceptInvitation, claimInThisBrowser, describeInvitation } from "@/server/customer-accounts/invitations";
import { listConversation, markReplyRead, sendCustomerMessage } from "@/server/portal/messages";
import { getCustomerPayment, listCustomerPayments } from "@/server/payments/customer-payments";
import { getProfile, updateProfile } from "@/server/portal/profile";
import { saveTextPreference } from "@/server/portal/text-preference";
import { getTextPreference } from "@/server/texts/consent";
import { ZTextPreferenceSchema } from "@/lib/validation/texts";
import { resendVerification, verifyEmail } from "@/server/customer-accounts/verification";
import { ConflictError, NotFoundError, TooManyRequestsError } from "@/server/errors";
import { ZCustomerPasswordChangeSchema, ZCustomerProfileSchema } from "@/lib/validation/customer-auth";
import { pathId } from "@/lib/validation/fields";
import { ZMessageFormSchema } from "@/lib/validation/message";
import { ZAcceptInvitationSchema, ZEmailLinkTokenSchema } from "@/lib/validation/portal";
import { createTRPCRouter, customerProcedure, publicProcedure } from "@/server/api/trpc";
import { ZCustomerStatusResponseSchema, ZOkResponseSchema, toSessionCustomer } from "@/server/auth/schemas";
import { ZNoInputSchema } from "@/lib/validation/common";
import {
  ZAppointmentSchema,
  ZAppointmentsResponseSchema,
  ZCustomerProfileResponseSchema,
  ZInvitationResponseSchema,
  ZMessageReadResponseSchema,
  ZPortalMessageSchema,
  ZPortalPaymentSchema,
  ZTextPreferenceResponseSchema,
} from "@/server/portal/schemas";
import { ZEmailSentResponseSchema } from "@/server/customer-accounts/schemas";
import { PAYMENT_NOT_FOUND } from "@/lib/validation/not-found";

const TAGS = ["customer portal"];

/**
 * The customer portal (docs/product-rules.md#customer-accounts-and-claiming). Every procedure but
 * the invitation links reads the customer from the session; ids of anyone else's records answer 404.
 */
export const portalRouter = createTRPCRouter({
  profile: customerProcedure
    .meta({ openapi: { method: "GET", path: "/customer/profile", tags: TAGS, summary: "The signed-in customer's profile" } })
    .input(ZNoInputSchema)
    .output(ZCustomerProfileResponseSchema)
    .query(({ ctx }) => getProfile(ctx.db, ctx.customer.id)),

  updateProfile: customerProcedure
    .meta({
      errors: [ConflictError, TooManyRequestsError],
      openapi: { method: "PUT", path: "/customer/profile", tags: TAGS, summary: "Update the signed-in customer's profile" },
    })
    .input(ZCustomerProfileSchema)
    .output(ZCustomerProfileResponseSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.customer.id, input, { ip: ctx.ip })),

  textPreference: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customer/text-preference",
        tags: TAGS,
        summary: "Whether we may text the signed-in customer, and how notices come",
      },
    })
    .input(ZNoInputSchema)
    .output(ZTextPreferenceResponseSchema)
    .query(({ ctx }) => getTextPreference(ctx.db, ctx.customer.id)),

  updateTextPreference: customerProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/customer/text-preference",
        tags: TAGS,
        summary: "Agree to texts, or stop them, and choose email, text or both",
        description:
          "`textConsent: true` agrees now to texts at the phone on the profile (400 on `phone` when it cannot take texts): it " +
          "also resumes texts after STOP and moves consent to a changed phone. `false` withdraws consent, and notices go by " +
          "email. `notifyBy` counts only with consent. Each change is kept with the words shown; a save that changes nothing keeps none.",
      },
    })
    .input(ZTextPreferenceSchema)
    .output(ZTextPreferenceResponseSchema)
    .mutation(({ ctx, input }) => saveTextPreference(ctx.db, ctx.customer.id, input)),

  appointments: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customer/appointments",
        tags: TAGS,
        summary: "Upcoming and past visits, recurring series included",
      },
    })
    .input(ZNoInputSchema)
    .output(ZAppointmentsResponseSchema)
    .query(({ ctx }) => listAppointments(ctx.db, ctx.customer.id)),

  cancelAppointment: customerProcedure
    .meta({
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/customer/appointments/{id}/cancel",
        tags: TAGS,
        summary: "Cancel a visit more than 24 hours ahead",
      },
    })
    .input(z.object({ id: z.string().trim().min(1, "Appointment not found").max(40, "Appointment not found") }))
    .output(ZAppointmentSchema)
    .mutation(({ ctx, input }) => cancelAppointment(ctx.db, ctx.customer.id, input.id)),

  confirmAppointment: customerProcedure
    .meta({
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/customer/appointments/{id}/confirm",
        tags: TAGS,
        summary: "Confirm that a booking made under your email without signing in is yours",
      },
    })
    .input(z.object({ id: z.string().trim().min(1, "Appointment not found").max(40, "Appointment not found") }))
    .output(ZAppointmentSchema)
    .mutation(({ ctx, input }) => confirmBookingIsMine(ctx.db, ctx.customer.id, input.id)),

  messages: customerProcedure
    .meta({ openapi: { method: "GET", path: "/customer/messages", tags: TAGS, summary: "The customer's conversation with the business" } })
    .input(ZNoInputSchema)
    .output(z.array(ZPortalMessageSchema))
    .query(({ ctx }) => listConversation(ctx.db, ctx.customer.id)),

  sendMessage: customerProcedure
    .meta({
      errors: [TooManyRequestsError],
      openapi: { method: "POST", path: "/customer/messages", tags: TAGS, summary: "Send a message to the business" },
      successStatus: 201,
    })
    .input(ZMessageFormSchema)
    .output(ZPortalMessageSchema)
    .mutation(({ ctx, input }) => sendCustomerMessage(ctx.db, ctx.customer.id, input.content)),

  markMessageRead: customerProcedure
    .meta({
      openapi: { method: "PATCH", path: "/customer/messages/{id}/read", tags: TAGS, summary: "Mark a reply from the business as seen" },
    })
    .input(z.object({ id: pathId("Message not found") }))
    .output(ZMessageReadResponseSchema)
    .mutation(({ ctx, input }) => markReplyRead(ctx.db, ctx.customer.id, input.id)),

  payments: customerProcedure
    .meta({ openapi: { method: "GET", path: "/customer/payments", tags: TAGS, summary: "The customer's payment history" } })
    .input(ZNoInputSchema)
    .output(z.array(ZPortalPaymentSchema))
    .query(({ ctx }) => listCustomerPayments(ctx.db, ctx.customer.id)),

  payment: customerProcedure
    .meta({ openapi: { method: "GET", path: "/customer/payments/{id}", tags: TAGS, summary: "One of the customer's payments" } })
    .input(z.object({ id: pathId(PAYMENT_NOT_FOUND) }))
    .output(ZPortalPaymentSchema)
    .query(({ ctx, input }) => getCustomerPayment(ctx.db, ctx.customer.id, input.id)),

  verifyEmail: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customer/verify-email",
        tags: TAGS,
        summary: "Confirm the signed-in customer's email address with the emailed link's token",
        description: "The link only confirms the address for the account it was sent for, so the customer signs in first.",
      },
    })
    .input(z.object({ token: ZEmailLinkTokenSchema }))
    .output(ZEmailSentResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await verifyEmail(ctx.db, ctx.customer.id, input.token);
      return { success: true as const, message: "Your email address is verified." };
    }),

  resendVerification: customerProcedure
    .meta({
      errors: [ConflictError, TooManyRequestsError],
      openapi: { method: "POST", path: "/customer/resend-verification", tags: TAGS, summary: "Send the verification link again" },
      unbatched: true,
    })
    .input(ZNoInputSchema)
    .output(ZEmailSentResponseSchema)
    .mutation(async ({ ctx }) => {
      const { email } = await resendVerification(ctx.db, ctx.customer.id, ctx.ip);
      return { success: true as const, message: `We sent a new link to ${email}.` };
    }),

  changePassword: customerProcedure
    .meta({
      errors: [TooManyRequestsError],
      openapi: { method: "POST", path: "/customer/password", tags: TAGS, summary: "Change the password (logs out every other device)" },
      unbatched: true,
    })
    .input(ZCustomerPasswordChangeSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await changeCustomerPassword(ctx.db, {
        customerId: ctx.customer.id,
        keepSessionId: ctx.customerSession.sessionId,
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
      });
      return { success: true as const, message: PASSWORD_CHANGED };
    }),

  invitation: publicProcedure
    .meta({
      errors: [NotFoundError, ConflictError],
      openapi: { method: "GET", path: "/customer/invitation", tags: TAGS, protect: false, summary: "Who a portal invitation link is for" },
    })
    .input(z.object({ token: ZEmailLinkTokenSchema }))
    .output(ZInvitationResponseSchema)
    .query(({ ctx, input }) => describeInvitation(ctx.db, input.token)),

  claimInThisBrowser: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customer/claim-in-this-browser",
        tags: TAGS,
        protect: false,
        summary: "Open a claim link in the browser that registered: the password typed there stands and the customer is signed in",
        description:
          "When someone registers with an email a booking already used, the link goes to that inbox and the browser that " +
          "registered keeps a secret cookie. Opened in that browser, this answers `authenticated: true`, signs in and keeps the " +
          "password typed at registration; anywhere else it answers `authenticated: false`, uses nothing up, and the link " +
          "asks for a password (POST /customer/accept-invitation).",
      },
      unbatched: true,
    })
    .input(z.object({ token: ZEmailLinkTokenSchema }))
    .output(ZCustomerStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const customer = await claimInThisBrowser(ctx.db, { token: input.token, browserProof: claimProofFrom(ctx.headers) });
      if (!customer) return { authenticated: false, customer: null };
      const signedIn = await signInCustomer(ctx.db, customer.id, deviceTokenFrom(ctx.headers, "customer"));
      for (const cookie of signInCookies("customer", signedIn)) ctx.resHeaders.append("Set-Cookie", cookie);
      ctx.resHeaders.append("Set-Cookie", serializeClearedClaimCookie());
      return { authenticated: true, customer: toSessionCustomer(customer) };
    }),

  acceptInvitation: publicProcedure
    .meta({
      errors: [ConflictError, TooManyRequestsError],
      openapi: {
        method: "POST",
        path: "/customer/accept-invitation",
        tags: TAGS,
        protect: false,
        summary: "Choose a password from a portal invitation and log in",
      },
      unbatched: true,
    })
    .input(ZAcceptInvitationSchema)
    .output(ZCustomerStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const customer = await acceptInvitation(ctx.db, input);
      const signedIn = await signInCustomer(ctx.db, customer.id, deviceTokenFrom(ctx.headers, "customer"));
      for (const cookie of signInCookies("customer", signedIn)) ctx.resHeaders.append("Set-Cookie", cookie);
      return { authenticated: true, customer: toSessionCustomer(customer) };
    }),
});
