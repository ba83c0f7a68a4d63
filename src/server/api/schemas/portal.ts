import { z } from "zod";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "@/server/db/schema";
import { ZSessionCustomerSchema } from "./accounts";
import { RECURRING_FREQUENCIES, SCHEDULE_STATUSES } from "@/lib/schedule-enums";

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
    canCancel: z.boolean().describe("True while the visit is more than 24 hours away and not cancelled or completed"),
  })
  .meta({ id: "Appointment" });

export const ZAppointmentsResponseSchema = z.object({
  upcoming: z.array(ZAppointmentSchema),
  past: z.array(ZAppointmentSchema),
  historyHidden: z.boolean().describe("True while earlier visits stay hidden until the email is verified"),
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
    visit: z.object({ serviceName: z.string(), date: z.date().describe("Noon, Austin time, of the visit's day") }).nullable().describe("The visit the payment is for"),
    actionNeeded: z.string().nullable().describe("Why an autopay charge needs the customer (pay it with another card), or null"),
  })
  .meta({ id: "PortalPayment" });

export const ZEmailSentResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const ZInvitationResponseSchema = z.object({ fullName: z.string(), email: z.string() });
