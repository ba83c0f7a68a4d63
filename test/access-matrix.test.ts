import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, businessInstant } from "../src/lib/business-time";
import { changeAppointment } from "../src/server/self-service/change-appointment";
import { getOpenApiDocument } from "../src/server/api/openapi";
import { createApiKey } from "../src/server/auth/api-keys";
import { addCrew } from "../src/server/crews/crews-repository";
import { getDb } from "../src/server/db";
import { enqueueJob } from "../src/server/jobs/job-queue";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../src/server/notifications/settings";
import { createWebhookEndpoint } from "../src/server/webhooks/endpoints";
import { startStripeStandIn, type StripeStandIn } from "./doubles/stripe-stand-in";
import { createCardSetup } from "../src/server/payments/cards";
import { createCustomerPaymentIntent } from "../src/server/payments/intent";
import { createPendingPayment, recordOfflinePayment } from "../src/server/payments/record";
import { completeCardPayment } from "../src/server/payments/settle";
import { getPayment } from "../src/server/payments/queries";
import {
  aheadBy,
  createMatrixFixtures,
  emailLink,
  managedCustomer,
  nextFreeDay,
  profileOf,
  seriesVisitOf,
  heldBookingOf,
  unique,
  visitOf,
  type MatrixFixtures,
} from "./fixtures/access-matrix";
import { contractOperations, type OpenApiDocument } from "./contract/document";
import { createCustomer, createStaffUser, customerCookie, rest, staffCookie } from "./helpers";
import { setEnv } from "./env";

// Issue 7 item 4: every operation of the OpenAPI document, asked by five identities, answers as
// its access class says. An operation without an entry here (or an entry without an operation)
// fails the suite, so a new endpoint cannot ship without a decision on who may call it.

type Identity = "anonymous" | "customerA" | "customerB" | "staff" | "apiKey";
const IDENTITIES: Identity[] = ["anonymous", "customerA", "customerB", "staff", "apiKey"];

/**
 * public: anyone. staff: a staff session or an API key. staffUser: a staff session only (keys
 * cannot act as a person). customer: any signed-in customer. customerOwned: a record of customer A,
 * which B must not be able to tell from a record that does not exist.
 */
type Access = "public" | "staff" | "staffUser" | "customer" | "customerOwned";

// Every refusal of a missing or wrong kind of sign-in is 401 in this app; it never answers 403.
const OUTCOMES: Record<Access, Record<Identity, "success" | 401 | 404>> = {
  public: { anonymous: "success", customerA: "success", customerB: "success", staff: "success", apiKey: "success" },
  staff: { anonymous: 401, customerA: 401, customerB: 401, staff: "success", apiKey: "success" },
  staffUser: { anonymous: 401, customerA: 401, customerB: 401, staff: "success", apiKey: 401 },
  customer: { anonymous: 401, customerA: "success", customerB: "success", staff: 401, apiKey: 401 },
  customerOwned: { anonymous: 401, customerA: "success", customerB: 404, staff: 401, apiKey: 401 },
};

interface MatrixRequest {
  /** The concrete path (with query string) of the operation. */
  path: string;
  body?: unknown;
  /** Whose session a signed-in identity carries, when the request needs a throwaway account. */
  sessionOf?: { staffUserId?: number; customerId?: number };
}

interface Entry {
  access: Access;
  /** A request that succeeds for every allowed identity; called once per identity. */
  request: (as: Identity) => MatrixRequest | Promise<MatrixRequest>;
}

let fx: MatrixFixtures;
let stripe: StripeStandIn;

const customerOf = (as: Identity) => (as === "customerB" ? fx.customerB : fx.customerA);
const newPassword = { newPassword: "a-new-password-9", confirmPassword: "a-new-password-9" };

function schedulePayload(date: string, status = "pending") {
  const startTime = businessInstant(date, "10:00");
  return {
    customerId: fx.customerA.id,
    serviceId: fx.serviceId,
    date: startTime.toISOString(),
    startTime: startTime.toISOString(),
    endTime: new Date(startTime.getTime() + 60 * 60_000).toISOString(),
    status,
  };
}

function booking() {
  return {
    serviceId: fx.serviceId,
    address: "1100 Congress Ave",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    date: nextFreeDay(),
    timeSlot: "10:00",
    fullName: "Jordan Rivera",
    email: `booker_${unique()}@example.com`,
    phone: "5125550123",
  };
}

function registration() {
  return { ...profileOf(fx.customerA), email: `register_${unique()}@example.com`, password: "garden-pass", confirmPassword: "garden-pass" };
}

const MATRIX: Record<string, Entry> = {
  // Staff sign-in. Logins use real credentials: a public login succeeds whoever asks.
  "GET /auth/status": { access: "public", request: () => ({ path: "/auth/status" }) },
  "POST /auth/login": {
    access: "public",
    request: () => ({ path: "/auth/login", body: { username: fx.loginStaff.user.username, password: fx.loginStaff.password } }),
  },
  "POST /auth/logout": { access: "public", request: () => ({ path: "/auth/logout" }) },

  // Customer sign-in and account links (every identity registers its own email).
  "GET /customer/status": { access: "public", request: () => ({ path: "/customer/status" }) },
  "POST /customer/register": { access: "public", request: () => ({ path: "/customer/register", body: registration() }) },
  "POST /customer/login": { access: "public", request: () => ({ path: "/customer/login", body: fx.loginCustomer }) },
  "POST /customer/logout": { access: "public", request: () => ({ path: "/customer/logout" }) },
  // A confirmation link only counts for the account it was sent for, signed in.
  "POST /customer/verify-email": {
    access: "customer",
    request: async () => {
      const { customer } = await createCustomer({ password: "unconfirmed", isVerified: false });
      return {
        path: "/customer/verify-email",
        body: { token: await emailLink(customer, "verify_email") },
        sessionOf: { customerId: customer.id },
      };
    },
  },
  "POST /customer/password": {
    access: "customer",
    request: async () => {
      const { customer, password } = await createCustomer({ password: "changing-pass" });
      return { path: "/customer/password", body: { currentPassword: password, ...newPassword }, sessionOf: { customerId: customer.id } };
    },
  },
  "POST /customer/password-reset": {
    access: "public",
    request: () => ({ path: "/customer/password-reset", body: { email: `forgot_${unique()}@example.com` } }),
  },
  "POST /customer/password-reset/confirm": {
    access: "public",
    request: async () => {
      const { customer } = await createCustomer({ password: "forgotten-pass" });
      const token = await emailLink(customer, "reset_password");
      return { path: "/customer/password-reset/confirm", body: { token, password: "remembered-pass", confirmPassword: "remembered-pass" } };
    },
  },
  "POST /customer/resend-verification": {
    access: "customer",
    // Only an unverified account can ask, and once a minute: each identity gets a fresh one.
    request: async () => {
      const { customer } = await createCustomer({ isVerified: false });
      return { path: "/customer/resend-verification", sessionOf: { customerId: customer.id } };
    },
  },
  "GET /customer/invitation": { access: "public", request: () => ({ path: `/customer/invitation?token=${fx.invitationToken}` }) },
  "POST /customer/accept-invitation": {
    access: "public",
    request: async () => {
      const token = await emailLink(await managedCustomer(), "invite");
      return { path: "/customer/accept-invitation", body: { token, password: "invited-pass", confirmPassword: "invited-pass" } };
    },
  },

  // Public site: catalogue, booking, contact, card-payment screens.
  "GET /services": { access: "public", request: () => ({ path: "/services" }) },
  "GET /availability": { access: "public", request: () => ({ path: `/availability?serviceId=${fx.serviceId}&date=${aheadBy(30)}` }) },
  "POST /bookings": { access: "public", request: () => ({ path: "/bookings", body: booking() }) },
  "POST /contact": {
    access: "public",
    request: () => ({
      path: "/contact",
      body: { name: "Pat Visitor", email: `visitor_${unique()}@example.com`, message: "Can you quote my yard?" },
    }),
  },
  "GET /card-payments/config": { access: "public", request: () => ({ path: "/card-payments/config" }) },
  "POST /card-payments/return-status": {
    access: "public",
    // Knowing the intent's client secret is the proof; no session is needed (docs/product-rules.md#payments).
    request: () => ({
      path: "/card-payments/return-status",
      body: { paymentIntent: fx.paymentA.intentId, clientSecret: fx.paymentA.clientSecret },
    }),
  },

  // Customer portal: the customer comes from the session; A's records are not B's.
  "GET /customer/profile": { access: "customer", request: () => ({ path: "/customer/profile" }) },
  "PUT /customer/profile": { access: "customer", request: (as) => ({ path: "/customer/profile", body: profileOf(customerOf(as)) }) },
  "GET /customer/appointments": { access: "customer", request: () => ({ path: "/customer/appointments" }) },
  "POST /customer/appointments/{id}/cancel": {
    access: "customerOwned",
    request: async () => ({ path: `/customer/appointments/${(await visitOf(fx.customerA.id, fx.serviceId)).id}/cancel` }),
  },
  "POST /customer/appointments/{id}/confirm": {
    access: "customerOwned",
    request: async () => ({ path: `/customer/appointments/${(await heldBookingOf(fx.customerA, fx.serviceId)).id}/confirm` }),
  },
  "POST /customer/appointments/{id}/preview": {
    access: "customerOwned",
    request: async () => ({
      path: `/customer/appointments/${(await seriesVisitOf(fx.customerA.id, fx.serviceId)).id}/preview`,
      body: { change: { action: "skip" } },
    }),
  },
  "POST /customer/appointments/{id}/skip": {
    access: "customerOwned",
    request: async () => ({ path: `/customer/appointments/${(await seriesVisitOf(fx.customerA.id, fx.serviceId)).id}/skip` }),
  },
  "POST /customer/appointments/{id}/reschedule": {
    access: "customerOwned",
    request: async () => {
      const visit = await seriesVisitOf(fx.customerA.id, fx.serviceId);
      return { path: `/customer/appointments/${visit.id}/reschedule`, body: { date: addDays(visit.date, 1), timeSlot: "16:00" } };
    },
  },
  "POST /customer/appointments/{id}/pause": {
    access: "customerOwned",
    request: async () => {
      const visit = await seriesVisitOf(fx.customerA.id, fx.serviceId);
      return { path: `/customer/appointments/${visit.id}/pause`, body: { until: addDays(visit.date, 14) } };
    },
  },
  "POST /customer/appointments/{id}/resume": {
    access: "customerOwned",
    request: async () => {
      const visit = await seriesVisitOf(fx.customerA.id, fx.serviceId);
      await changeAppointment(await getDb(), fx.customerA.id, String(visit.id), { action: "pause", until: addDays(visit.date, 14) });
      return { path: `/customer/appointments/${visit.id}/resume` };
    },
  },
  "POST /customer/appointments/{id}/end-plan": {
    access: "customerOwned",
    request: async () => ({ path: `/customer/appointments/${(await seriesVisitOf(fx.customerA.id, fx.serviceId)).id}/end-plan` }),
  },
  "GET /customer/appointments/{id}/slots": {
    access: "customerOwned",
    request: async () => {
      const visit = await seriesVisitOf(fx.customerA.id, fx.serviceId);
      return { path: `/customer/appointments/${visit.id}/slots?date=${addDays(visit.date, 1)}` };
    },
  },
  "GET /customer/messages": { access: "customer", request: () => ({ path: "/customer/messages" }) },
  "POST /customer/messages": { access: "customer", request: () => ({ path: "/customer/messages", body: { content: "Is Tuesday fine?" } }) },
  "PATCH /customer/messages/{id}/read": { access: "customerOwned", request: () => ({ path: `/customer/messages/${fx.replyToA.id}/read` }) },
  "GET /customer/payments": { access: "customer", request: () => ({ path: "/customer/payments" }) },
  "GET /customer/payments/{id}": { access: "customerOwned", request: () => ({ path: `/customer/payments/${fx.paymentA.id}` }) },
  "POST /customer/payments/{id}/intent": {
    access: "customerOwned",
    request: () => ({ path: `/customer/payments/${fx.paymentA.id}/intent` }),
  },
  "GET /customer/payments/{id}/receipt": {
    access: "customerOwned",
    request: async () => ({ path: `/customer/payments/${await completedPaymentOfA("cash")}/receipt` }),
  },

  // Cards on file and autopay: A's cards are not B's.
  "GET /customer/cards": { access: "customer", request: () => ({ path: "/customer/cards" }) },
  "POST /customer/cards/setup": { access: "customer", request: () => ({ path: "/customer/cards/setup" }) },
  "DELETE /customer/cards/{id}": { access: "customerOwned", request: async () => ({ path: `/customer/cards/${await savedCardOfA()}` }) },
  "POST /customer/cards/{id}/default": {
    access: "customerOwned",
    request: async () => ({ path: `/customer/cards/${await savedCardOfA()}/default` }),
  },
  "PUT /customer/autopay": { access: "customer", request: () => ({ path: "/customer/autopay", body: { enabled: false } }) },
  "GET /customers/{id}/cards": { access: "staff", request: () => ({ path: `/customers/${fx.customerA.id}/cards` }) },
  "POST /customers/{id}/card-request": { access: "staff", request: () => ({ path: `/customers/${fx.customerA.id}/card-request` }) },
  "PUT /customers/{id}/autopay": {
    access: "staff",
    request: () => ({ path: `/customers/${fx.customerA.id}/autopay`, body: { enabled: false } }),
  },
  "POST /payments/{id}/refunds": {
    access: "staff",
    request: async () => ({
      path: `/payments/${await completedPaymentOfA("card")}/refunds`,
      body: { amount: 500, reason: "Access matrix" },
    }),
  },
  "GET /payments/owed": { access: "staff", request: () => ({ path: "/payments/owed" }) },
  "GET /payments/{id}/refunds": { access: "staff", request: () => ({ path: `/payments/${fx.paymentA.id}/refunds` }) },

  // Customers (staff).
  "GET /customers": { access: "staff", request: () => ({ path: "/customers" }) },
  "GET /customers/search": { access: "staff", request: () => ({ path: "/customers/search?q=a&limit=5" }) },
  "POST /customers": {
    access: "staff",
    request: () => ({
      path: "/customers",
      body: { fullName: "New Neighbor", email: `new_${unique()}@example.com`, address: "200 Lamar Blvd" },
    }),
  },
  "GET /customers/{id}": { access: "staff", request: () => ({ path: `/customers/${fx.customerA.id}` }) },
  "PUT /customers/{id}": {
    access: "staff",
    request: () => ({ path: `/customers/${fx.customerB.id}`, body: { ...profileOf(fx.customerB), notes: "Prefers mornings" } }),
  },
  "DELETE /customers/{id}": { access: "staff", request: async () => ({ path: `/customers/${(await managedCustomer()).id}` }) },
  "POST /customers/{id}/invite": { access: "staff", request: async () => ({ path: `/customers/${(await managedCustomer()).id}/invite` }) },

  // Crews (staff).
  "GET /crews": { access: "staff", request: () => ({ path: "/crews" }) },
  "POST /crews": { access: "staff", request: () => ({ path: "/crews", body: { name: `Crew ${unique()}` } }) },
  "PUT /crews/{id}": {
    access: "staff",
    request: async () => ({
      path: `/crews/${(await addCrew(await getDb(), { name: `Crew ${unique()}` })).id}`,
      body: { name: `Crew ${unique()}` },
    }),
  },
  "DELETE /crews/{id}": {
    access: "staff",
    request: async () => ({ path: `/crews/${(await addCrew(await getDb(), { name: `Crew ${unique()}` })).id}` }),
  },

  // Schedules (staff).
  "GET /schedules": { access: "staff", request: () => ({ path: `/schedules?startDate=${aheadBy(1)}&endDate=${aheadBy(40)}` }) },
  "GET /schedules/day-counts": {
    access: "staff",
    request: () => ({ path: `/schedules/day-counts?startDate=${aheadBy(1)}&endDate=${aheadBy(40)}` }),
  },
  "POST /schedules": { access: "staff", request: () => ({ path: "/schedules", body: schedulePayload(nextFreeDay()) }) },
  "GET /schedules/{id}": { access: "staff", request: () => ({ path: `/schedules/${fx.visitA.id}` }) },
  "PUT /schedules/{id}": {
    access: "staff",
    request: () => ({ path: `/schedules/${fx.visitA.id}`, body: schedulePayload(aheadBy(20), "confirmed") }),
  },
  "PATCH /schedules/visits/{visitId}/status": {
    access: "staff",
    request: () => ({ path: `/schedules/visits/${fx.visitA.id}/status`, body: { status: "confirmed" } }),
  },
  "GET /schedules/rain-day/preview": {
    access: "staff",
    request: () => ({ path: `/schedules/rain-day/preview?fromDate=${aheadBy(20)}&toDate=${aheadBy(300)}` }),
  },
  // Two empty days: the move is real but changes nothing.
  "POST /schedules/rain-day": {
    access: "staff",
    request: () => ({ path: "/schedules/rain-day", body: { fromDate: aheadBy(301), toDate: aheadBy(302) } }),
  },

  // Messages and website inquiries (staff).
  "GET /messages/unread": { access: "staff", request: () => ({ path: "/messages/unread" }) },
  "GET /messages/unread/count": { access: "staff", request: () => ({ path: "/messages/unread/count" }) },
  "GET /messages": { access: "staff", request: () => ({ path: `/messages?customerId=${fx.customerA.id}` }) },
  "POST /messages": {
    access: "staff",
    request: () => ({ path: "/messages", body: { customerId: fx.customerA.id, content: "See you Tuesday." } }),
  },
  "GET /messages/conversations": { access: "staff", request: () => ({ path: "/messages/conversations" }) },
  "PATCH /messages/{id}/read": { access: "staff", request: () => ({ path: `/messages/${fx.messageFromA.id}/read` }) },
  "GET /inquiries": { access: "staff", request: () => ({ path: "/inquiries?status=all" }) },
  "PATCH /inquiries/{id}/handled": {
    access: "staff",
    request: () => ({ path: `/inquiries/${fx.inquiryId}/handled`, body: { handled: true } }),
  },
  "POST /inquiries/{id}/customer": { access: "staff", request: () => ({ path: `/inquiries/${fx.inquiryId}/customer` }) },

  // Dashboard (staff).
  "GET /dashboard-stats": { access: "staff", request: () => ({ path: "/dashboard-stats" }) },
  "GET /dashboard/week": { access: "staff", request: () => ({ path: "/dashboard/week" }) },
  "GET /dashboard/recent-messages": { access: "staff", request: () => ({ path: "/dashboard/recent-messages" }) },
  "GET /dashboard/customer-changes": { access: "staff", request: () => ({ path: "/dashboard/customer-changes" }) },

  // Payments (staff), against the Stripe stand-in.
  "GET /payments": { access: "staff", request: () => ({ path: `/payments?customerId=${fx.customerA.id}` }) },
  "POST /payments": { access: "staff", request: () => ({ path: "/payments", body: { customerId: fx.customerA.id, amount: 5000 } }) },
  "GET /payments/{id}": { access: "staff", request: () => ({ path: `/payments/${fx.paymentA.id}` }) },
  "POST /payments/offline": {
    access: "staff",
    request: () => ({ path: "/payments/offline", body: { customerId: fx.customerB.id, amount: 2500, method: "cash" } }),
  },
  "POST /payments/{id}/refresh": { access: "staff", request: () => ({ path: `/payments/${fx.paymentA.id}/refresh` }) },
  "POST /create-payment-intent": {
    access: "staff",
    request: () => ({ path: "/create-payment-intent", body: { customerId: fx.customerA.id, amount: 45, paymentId: fx.paymentA.id } }),
  },

  // Settings: a person's own account and API keys need a staff session; the export takes a key too.
  "GET /settings/profile": { access: "staffUser", request: () => ({ path: "/settings/profile" }) },
  "GET /settings/self-service": { access: "staff", request: () => ({ path: "/settings/self-service" }) },
  "PUT /settings/self-service": {
    access: "staff",
    request: () => ({ path: "/settings/self-service", body: { noticeHours: 24, maxPauseDays: 90, allowReschedule: true } }),
  },
  "PUT /settings/profile": {
    access: "staffUser",
    request: () => ({
      path: "/settings/profile",
      body: { fullName: fx.staff.fullName, email: fx.staff.email, username: fx.staff.username },
    }),
  },
  "POST /settings/password": {
    access: "staffUser",
    request: async () => {
      const { user, password } = await createStaffUser();
      return { path: "/settings/password", body: { currentPassword: password, ...newPassword }, sessionOf: { staffUserId: user.id } };
    },
  },
  "POST /settings/delete-account": {
    access: "staffUser",
    request: async () => {
      const { user, password } = await createStaffUser();
      return { path: "/settings/delete-account", body: { password }, sessionOf: { staffUserId: user.id } };
    },
  },
  "GET /export": { access: "staff", request: () => ({ path: "/export" }) },
  "GET /api-keys": { access: "staffUser", request: () => ({ path: "/api-keys" }) },
  "POST /api-keys": { access: "staffUser", request: () => ({ path: "/api-keys", body: { name: "Matrix integration" } }) },
  "DELETE /api-keys/{id}": {
    access: "staffUser",
    request: async () => ({ path: `/api-keys/${(await createApiKey(await getDb(), "Throwaway", fx.staff.id)).apiKey.id}` }),
  },

  // Notifications, webhooks and calendar feeds.
  "GET /settings/notifications": { access: "staff", request: () => ({ path: "/settings/notifications" }) },
  "PUT /settings/notifications": {
    access: "staff",
    request: () => ({ path: "/settings/notifications", body: DEFAULT_NOTIFICATION_SETTINGS }),
  },
  "GET /emails": { access: "staff", request: () => ({ path: "/emails" }) },
  "GET /jobs/failing": { access: "staff", request: () => ({ path: "/jobs/failing" }) },
  "POST /jobs/{id}/retry": { access: "staff", request: async () => ({ path: `/jobs/${await failedJob()}/retry` }) },
  "GET /customer/notifications": { access: "customer", request: () => ({ path: "/customer/notifications" }) },
  "PUT /customer/notifications": {
    access: "customer",
    request: () => ({ path: "/customer/notifications", body: { remindersEnabled: true } }),
  },
  "POST /notifications/unsubscribe": {
    access: "public",
    request: async () => ({ path: "/notifications/unsubscribe", body: { token: (await managedCustomer()).unsubscribeToken } }),
  },
  "GET /webhooks": { access: "staff", request: () => ({ path: "/webhooks" }) },
  "POST /webhooks": {
    access: "staff",
    request: () => ({ path: "/webhooks", body: { url: "https://hooks.example.com/matrix", events: ["customer.created"] } }),
  },
  "PUT /webhooks/{id}": {
    access: "staff",
    request: async () => ({
      path: `/webhooks/${await webhookEndpoint()}`,
      body: { url: "https://hooks.example.com/changed", events: ["payment.completed"], enabled: false },
    }),
  },
  "DELETE /webhooks/{id}": { access: "staff", request: async () => ({ path: `/webhooks/${await webhookEndpoint()}` }) },
  "GET /webhooks/{id}/secret": { access: "staffUser", request: async () => ({ path: `/webhooks/${await webhookEndpoint()}/secret` }) },
  "GET /webhooks/{id}/deliveries": { access: "staff", request: async () => ({ path: `/webhooks/${await webhookEndpoint()}/deliveries` }) },
  "GET /settings/calendar-feed": { access: "staffUser", request: () => ({ path: "/settings/calendar-feed" }) },
  "POST /settings/calendar-feed": { access: "staffUser", request: () => ({ path: "/settings/calendar-feed", body: {} }) },
  "DELETE /settings/calendar-feed": { access: "staffUser", request: () => ({ path: "/settings/calendar-feed" }) },
  "GET /customer/calendar-feed": { access: "customer", request: () => ({ path: "/customer/calendar-feed" }) },
  "POST /customer/calendar-feed": { access: "customer", request: () => ({ path: "/customer/calendar-feed", body: {} }) },
  "DELETE /customer/calendar-feed": { access: "customer", request: () => ({ path: "/customer/calendar-feed" }) },
};

/** A card saved for customer A, as the Payment Element saves it, for each request that removes or picks one. */
async function savedCardOfA() {
  const { clientSecret } = await createCardSetup(await getDb(), fx.customerA.id);
  return stripe.completeSetupIntent(clientSecret.split("_secret_")[0]!, "visa").id;
}

/** A completed payment of customer A: cash, or a card payment Stripe charged (refundable). */
async function completedPaymentOfA(method: "cash" | "card") {
  const db = await getDb();
  if (method === "cash")
    return (await recordOfflinePayment(db, { customerId: fx.customerA.id, amount: 2000, method: "cash", recordedByUserId: null })).id;
  const payment = await createPendingPayment(db, { customerId: fx.customerA.id, amount: 2000 });
  await createCustomerPaymentIntent(db, fx.customerA.id, payment.id);
  const { stripePaymentIntent } = await getPayment(db, payment.id);
  await completeCardPayment(db, stripe.setIntentStatus(stripePaymentIntent!, "succeeded") as never);
  return payment.id;
}

/** An endpoint of its own for each request, so one identity's delete does not starve the next. */
async function webhookEndpoint() {
  const endpoint = await createWebhookEndpoint(
    await getDb(),
    { url: "https://hooks.example.com/throwaway", events: ["booking.created"], enabled: false },
    null,
  );
  return endpoint.id;
}

/** A job that gave up, for staff to retry. */
async function failedJob() {
  const db = await getDb();
  const id = await enqueueJob(db, "sendEmail", { outboxId: -1 });
  await db.execute(sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${id}::uuid`);
  return id;
}

type DocumentOperation = { security?: Array<Record<string, string[]>>; responses?: Record<string, unknown> };

function documentOperations(): Map<string, DocumentOperation> {
  const operations = new Map<string, DocumentOperation>();
  for (const [path, item] of Object.entries(getOpenApiDocument().paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, DocumentOperation>)) {
      operations.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  return operations;
}

/**
 * The sign-ins the document must offer for each class, to catch a class typed wrongly in the table.
 * Only "includes" is checked: staffUser operations are documented with the whole staff group's
 * schemes, bearer key included, although the app refuses keys there (the matrix asserts that).
 */
const DOCUMENTED_SECURITY: Record<Access, string[]> = {
  public: [],
  staff: ["apiKey", "staffSession"],
  staffUser: ["staffSession"],
  customer: ["customerSession"],
  customerOwned: ["customerSession"],
};

async function headersFor(identity: Identity, request: MatrixRequest): Promise<Record<string, string>> {
  switch (identity) {
    case "anonymous":
      return {};
    case "customerA":
      return { cookie: await customerCookie(request.sessionOf?.customerId ?? fx.customerA.id) };
    case "customerB":
      return { cookie: await customerCookie(request.sessionOf?.customerId ?? fx.customerB.id) };
    case "staff":
      return { cookie: await staffCookie(request.sessionOf?.staffUserId ?? fx.staff.id) };
    case "apiKey":
      return { authorization: `Bearer ${fx.apiKey}` };
  }
}

/** "/customers/{id}/invite" as a pattern a concrete path must match, so a builder cannot aim at another operation. */
function pathPattern(template: string) {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "[^/?]+");
  return new RegExp(`^${escaped}(\\?.*)?$`);
}

describe("access matrix over the OpenAPI document", () => {
  beforeAll(async () => {
    // Emails go to the log without SMTP; a passing run prints nothing.
    vi.spyOn(console, "info").mockImplementation(() => {});
    stripe = await startStripeStandIn();
    setEnv({
      STRIPE_SECRET_KEY: "sk_test_standin",
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_API_BASE_URL: stripe.url,
    });
    fx = await createMatrixFixtures();
  });

  afterAll(async () => {
    setEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_API_BASE_URL: undefined });
    await stripe?.close();
    vi.restoreAllMocks();
  });

  it("has exactly one entry per documented operation, with the document's security", () => {
    const operations = documentOperations();
    const problems: string[] = [];
    for (const key of operations.keys()) if (!MATRIX[key]) problems.push(`${key} is in the document but has no matrix entry`);
    for (const key of Object.keys(MATRIX)) if (!operations.has(key)) problems.push(`${key} has a matrix entry but is not in the document`);
    for (const [key, operation] of operations) {
      const entry = MATRIX[key];
      if (!entry) continue;
      const documented = [...new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)))].sort();
      const expected = DOCUMENTED_SECURITY[entry.access];
      const agrees = documented.join(",") === [...expected].sort().join(",");
      if (!agrees) problems.push(`${key} (${entry.access}) is documented with [${documented}], expected [${expected}]`);
    }
    expect(problems).toEqual([]);
  });

  it("answers every operation as its access class says, for each identity", { timeout: 60_000 }, async () => {
    const operations = documentOperations();
    const contract = new Map(
      contractOperations(getOpenApiDocument() as unknown as OpenApiDocument).map((operation) => [operation.label, operation]),
    );
    const mismatches: string[] = [];
    for (const [key, entry] of Object.entries(MATRIX)) {
      const operation = operations.get(key);
      if (!operation) continue;
      const [method, template] = key.split(" ") as [string, string];
      const documentedSuccess = Number(Object.keys(operation.responses ?? {}).find((status) => status.startsWith("2")));
      // The five identities of one operation ask at once; every request has the fixtures it changes.
      const answers = await Promise.all(
        IDENTITIES.map(async (identity) => {
          const request = await entry.request(identity);
          if (!pathPattern(template).test(request.path)) return `${key} as ${identity}: the request builder sent ${request.path}`;
          const outcome = OUTCOMES[entry.access][identity];
          const expected = outcome === "success" ? documentedSuccess : outcome;
          const response = await rest(method, request.path, { body: request.body, headers: await headersFor(identity, request) });
          // Every answer, successes included, is what the document promises (test/contract.test.ts drives generated inputs).
          const invalid = contract.get(key)?.validate(response.status, response.json);
          if (invalid) return `${key} as ${identity}: ${response.status} does not match the document: ${invalid}`;
          if (response.status === expected) return null;
          return `${key} as ${identity}: expected ${expected}, got ${response.status} (${response.text.slice(0, 160)})`;
        }),
      );
      mismatches.push(...answers.filter((answer) => answer !== null));
    }
    expect(mismatches).toEqual([]);
  });
});
