import { z } from "zod";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "@/server/db/schema";
import { ZSessionCustomerSchema } from "@/server/auth/schemas";
import { CHANGE_AUTHORS, CUSTOMER_CHANGES, RECURRING_FREQUENCIES, SCHEDULE_STATUSES } from "@/lib/schedule-enums";
import { ZSelfServiceRulesSchema } from "@/lib/validation/self-service";
import { NOTIFY_BY } from "@/lib/texts";

export const ZCustomerProfileResponseSchema = ZSessionCustomerSchema;

export const ZAppointmentSchema = z
  .object({
    visitId: z.string().describe("The visit's id"),
    startTime: z.date(),
    endTime: z.date(),
    status: z.enum(SCHEDULE_STATUSES),
    serviceName: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    totalPrice: z.number().int().describe("Price in cents"),
    isRecurring: z.boolean(),
    recurringFrequency: z.enum(RECURRING_FREQUENCIES).nullable(),
    bookingReference: z.string().nullable(),
    canCancel: z
      .boolean()
      .describe(
        "True while the visit is outside the business's notice window (24 hours by default) and not cancelled or completed; the same holds for skipping and moving it",
      ),
    planId: z.number().int().describe("The plan (series) the visit belongs to"),
    occurrenceDate: z.string().describe("The Austin date the plan put the visit on (yyyy-MM-dd)"),
    customerChange: z.enum(CUSTOMER_CHANGES).nullable().describe("What the customer did to this visit from the portal, if anything"),
    changedBy: z.enum(CHANGE_AUTHORS).nullable().describe("Who last changed this visit on its own"),
    changedAt: z.date().nullable(),
  })
  .meta({ id: "Appointment" });

export const ZAppointmentsResponseSchema = z.object({
  upcoming: z.array(ZAppointmentSchema),
  past: z.array(ZAppointmentSchema),
  awaitingConfirmation: z
    .array(ZAppointmentSchema)
    .describe(
      "Upcoming website bookings made under the account's email without signing in; they join the account once the owner confirms them",
    ),
  historyHidden: z.boolean().describe("True while earlier visits stay hidden until the email is verified"),
  rules: ZSelfServiceRulesSchema.extend({ phone: z.string().describe("The number to call inside the notice window") }),
});

export const ZPortalMessageSchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    timestamp: z.date(),
    read: z.boolean(),
    senderType: z.enum(["user", "customer"]),
  })
  .meta({ id: "PortalMessage" });

export const ZMessageReadResponseSchema = z.object({ id: z.number().int(), read: z.boolean() });

export const ZPortalPaymentSchema = z
  .object({
    id: z.number().int(),
    scheduleId: z.number().int().nullable(),
    amount: z.number().int().describe("Amount in cents"),
    status: z.enum(PAYMENT_STATUSES),
    method: z.enum(PAYMENT_METHODS),
    paymentDate: z.date(),
    stripePaymentId: z.string().nullable(),
    visitId: z.string().nullable().describe("The visit an autopay charge is for"),
    visit: z
      .object({ serviceName: z.string(), date: z.date().describe("Noon, Austin time, of the visit's day") })
      .nullable()
      .describe("The visit the payment is for"),
    actionNeeded: z.string().nullable().describe("Why an autopay charge needs the customer (pay it with another card), or null"),
  })
  .meta({ id: "PortalPayment" });

export const ZInvitationResponseSchema = z.object({ fullName: z.string(), email: z.string() });

/** What My Account shows of texts: the answer of GET and PUT /customer/text-preference. */
export const ZTextPreferenceResponseSchema = z
  .object({
    textConsent: z.boolean().describe("The customer agreed to texts (and has not withdrawn it); see canText for whether texts go now"),
    notifyBy: z.enum(NOTIFY_BY).describe("How notices come: email, text or both; text only while canText"),
    textNumber: z.string().nullable().describe("The number consent was given for, E.164; null without consent"),
    stopped: z.boolean().describe("The customer texted STOP and no START since"),
    canText: z
      .boolean()
      .describe("Texts reach the customer now: consent, no STOP, and the phone on the profile is still the number consent was given for"),
  })
  .meta({ id: "TextPreference" });
