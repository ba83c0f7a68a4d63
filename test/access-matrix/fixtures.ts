import { addDays, businessInstant, businessToday } from "../../src/lib/business-time";
import { createApiKey } from "../../src/server/auth/api-keys";
import { submitContactInquiry } from "../../src/server/contact/submit-inquiry";
import { getDb } from "../../src/server/db";
import { createPlanVisits } from "../../src/server/schedules/plan-visits";
import { eq } from "drizzle-orm";
import { messages, schedules, visits } from "../../src/server/db/schema";
import { createCustomerPaymentIntent } from "../../src/server/payments/intent";
import { getPayment } from "../../src/server/payments/queries";
import { createPendingPayment } from "../../src/server/payments/record";
import { createEmailToken, type EmailTokenPurpose } from "../../src/server/portal/email-tokens";
import { createCustomer, createStaffUser, seedServices } from "../helpers";

let sequence = 0;
/** A value no other request of the run has used (emails, names). */
export const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

let dayOffset = 60;
/** An Austin date far enough ahead to book, different on every call so no two bookings share a slot. */
export const nextFreeDay = () => addDays(businessToday(), dayOffset++);

export const aheadBy = (days: number) => addDays(businessToday(), days);

export type Customer = Awaited<ReturnType<typeof createCustomer>>["customer"];

/** A one-time visit of the customer, more than 24 hours ahead so the customer may still cancel it. */
export async function visitOf(customerId: number, serviceId: number, date = nextFreeDay()) {
  const db = await getDb();
  const startTime = businessInstant(date, "10:00");
  const [schedule] = await db
    .insert(schedules)
    .values({
      customerId,
      serviceId,
      date: startTime,
      startTime,
      endTime: new Date(startTime.getTime() + 60 * 60_000),
      status: "confirmed",
      totalPrice: 3500,
    })
    .returning();
  await createPlanVisits(db, schedule!, "staff");
  return schedule!;
}

/**
 * A visit booked on the website, without signing in, under the customer's email after the account
 * proved it: it waits for the owner to confirm it (docs/product-rules.md#who-owns-a-visit).
 */
export async function heldBookingOf(customer: Customer, serviceId: number, date = nextFreeDay()) {
  const db = await getDb();
  const startTime = businessInstant(date, "10:00");
  const [schedule] = await db
    .insert(schedules)
    .values({
      customerId: customer.id,
      serviceId,
      date: startTime,
      startTime,
      endTime: new Date(startTime.getTime() + 60 * 60_000),
      status: "pending",
      totalPrice: 3500,
      bookedVia: "website",
      bookedEmail: customer.email,
      bookedName: "Someone Typing",
      createdAt: new Date(Date.now() + 1000),
    })
    .returning();
  await createPlanVisits(db, schedule!, "booked");
  return schedule!;
}

/**
 * The first visit of a five-week plan of the customer, at 7:00 (before the bookable hours, so its
 * later visits never fill a slot another entry books, and ending before the days other entries need empty).
 */
export async function seriesVisitOf(customerId: number, serviceId: number, date = nextFreeDay()) {
  const db = await getDb();
  const startTime = businessInstant(date, "07:00");
  const [schedule] = await db
    .insert(schedules)
    .values({
      customerId,
      serviceId,
      date: startTime,
      startTime,
      endTime: new Date(startTime.getTime() + 60 * 60_000),
      status: "confirmed",
      totalPrice: 3500,
      isRecurring: true,
      recurringFrequency: "weekly",
      recurringEndDate: businessInstant(addDays(date, 28), "12:00"),
    })
    .returning();
  await createPlanVisits(db, schedule!, "staff");
  const [visit] = await db.select().from(visits).where(eq(visits.scheduleId, schedule!.id)).orderBy(visits.startTime).limit(1);
  return { id: visit!.id, date };
}

export async function emailLink(customer: Customer, purpose: EmailTokenPurpose) {
  return createEmailToken(await getDb(), customer, purpose);
}

/** A customer the office added, who has no portal account yet (invitable). */
export async function managedCustomer() {
  return (await createCustomer({ email: `managed_${unique()}@example.com` })).customer;
}

/** The records every request of the matrix works on; throwaway records are made per request. */
export async function createMatrixFixtures() {
  const db = await getDb();
  const [service] = await seedServices();
  const staff = await createStaffUser();
  const loginStaff = await createStaffUser();
  const { key: apiKey } = await createApiKey(db, "Access matrix", staff.user.id);

  const customerA = (await createCustomer({ password: "customer-a-pass", fullName: "Alice Owner" })).customer;
  const customerB = (await createCustomer({ password: "customer-b-pass", fullName: "Bob Other" })).customer;
  const loginCustomer = await createCustomer({ password: "login-pass" });

  const visitA = await visitOf(customerA.id, service!.id, aheadBy(20));
  const [replyToA] = await db
    .insert(messages)
    .values({ customerId: customerA.id, userId: staff.user.id, content: "Your visit is confirmed.", senderType: "user" })
    .returning();
  const [messageFromA] = await db
    .insert(messages)
    .values({ customerId: customerA.id, content: "Please close the gate.", senderType: "customer" })
    .returning();

  // A's pending card payment, already started with the Stripe stand-in, so refresh and return-status work.
  const paymentA = await createPendingPayment(db, { customerId: customerA.id, amount: 4500 });
  const { clientSecret } = await createCustomerPaymentIntent(db, customerA.id, paymentA.id);
  const { stripePaymentIntent } = await getPayment(db, paymentA.id);

  const inquiry = await submitContactInquiry(db, {
    name: "Casey Prospect",
    email: `prospect_${unique()}@example.com`,
    message: "Do you mow on Saturdays?",
    ip: "192.0.2.50",
  });
  const invited = await managedCustomer();

  return {
    serviceId: service!.id,
    staff: staff.user,
    loginStaff,
    apiKey,
    customerA,
    customerB,
    loginCustomer: { email: loginCustomer.customer.email, password: loginCustomer.password! },
    visitA,
    replyToA: replyToA!,
    messageFromA: messageFromA!,
    paymentA: { id: paymentA.id, intentId: stripePaymentIntent!, clientSecret },
    inquiryId: inquiry.id,
    invitationToken: await emailLink(invited, "invite"),
  };
}

export type MatrixFixtures = Awaited<ReturnType<typeof createMatrixFixtures>>;

/** The profile fields of a customer, as the portal's profile form sends them back unchanged. */
export function profileOf(customer: Customer) {
  return {
    fullName: customer.fullName,
    email: customer.email,
    phone: customer.phone ?? "5125550100",
    address: customer.address ?? "100 Congress Ave",
    city: customer.city ?? "Austin",
    state: customer.state ?? "TX",
    zipCode: customer.zipCode ?? "78701",
  };
}
