import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, businessInstant, businessToday } from "../src/lib/business-time";
import { changeAppointment } from "../src/server/self-service/change-appointment";
import { getOpenApiDocument } from "../src/server/app/openapi";
import { createApiKey } from "../src/server/auth/api-keys";
import { addCrew } from "../src/server/crews/crews-repository";
import { addProduct } from "../src/server/products/products";
import { saveBusinessLicense } from "../src/server/products/business-license";
import { setStaffLicense } from "../src/server/products/licenses";
import { ZProductFormSchema } from "../src/lib/validation/products";
import { getDayRoute } from "../src/server/driving-routes/day-route";
import { getDb } from "../src/server/db";
import { enqueueJob } from "../src/server/jobs/job-queue";
import { sendEmailJob } from "../src/server/email/jobs";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../src/server/notifications/settings";
import { DEFAULT_TEXT_SETTINGS } from "../src/server/texts/settings";
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
import { contractOperations, type OpenApiDocument } from "./support/contract/document";
import { draftQuote, quoteAwaitingDeposit, quoteOffer, quoteRequest, sentQuote } from "./fixtures/quotes";
import { acceptOpenedQuote } from "../src/server/quotes/accept-quote";
import { sendQuote } from "../src/server/quotes/quote-link";
import { createCustomer, createStaffUser, customerCookie, rest, staffCookie } from "./support/helpers";
import { setEnv } from "./support/env";
import { eq } from "drizzle-orm";
import { applicationRecordProducts, applicationRecords, staffInvitations, visits } from "../src/server/db/schema";
import { generateToken, hashToken } from "../src/server/auth/tokens";
import { procedureMetas } from "../src/server/app/procedure-meta";
import { rowsOf } from "../src/server/db/rows";
import { ROLES, type StaffRole } from "../src/lib/staff-roles";
import { aTreatmentService, enroll, insertProgram } from "./fixtures/programs";

function productForm() {
  return {
    name: `Weed Stop ${unique()}`,
    epaRegistrationNumber: "100-1070",
    activeIngredients: [{ name: "2,4-D", percent: 30.5 }],
    unit: "fl oz",
    defaultRate: 1.5,
  };
}

/** A round due on a day free of other bookings, in a season-long window, with that day to schedule it on. */
async function aRoundDue() {
  const day = nextFreeDay();
  const { program } = await insertProgram([{ windowStart: "01-01", windowEnd: "12-31" }]);
  const enrollment = await enroll((await managedCustomer()).id, program.id, Number(day.slice(0, 4)));
  return { rounds: [{ enrollmentId: enrollment.id, position: 1 }], day };
}

async function programBody() {
  const serviceId = await aTreatmentService();
  return {
    name: `Program ${unique()}`,
    rounds: [{ serviceId, windowStart: "01-01", windowEnd: "12-31", minDaysSincePrevious: 0, purpose: "Feeding", price: 6000 }],
  };
}

/** An enrollment of this year's season in a program of its own, the customer's when one is given. */
async function anEnrollment(customerId?: number) {
  const { program } = await insertProgram([
    { windowStart: "01-01", windowEnd: "12-31" },
    { windowStart: "01-01", windowEnd: "12-31" },
  ]);
  return enroll(customerId ?? (await managedCustomer()).id, program.id, Number(aheadBy(1).slice(0, 4)));
}

async function aProduct() {
  return addProduct(await getDb(), ZProductFormSchema.parse(productForm()));
}

// Every operation of the OpenAPI document, asked by every kind of caller (anonymous, two
// customers, a staff member of each role, an office API key and a crew's key), answers as its
// access class and its staff roles say. An operation without an entry here (or an entry without an
// operation), a staff operation whose procedure declares no roles, or roles that differ from the
// table's fail the suite, so a new endpoint cannot ship without a decision on who may call it.

type Identity = "anonymous" | "customerA" | "customerB" | "owner" | "office" | "crew" | "apiKey" | "crewKey";
const IDENTITIES: Identity[] = ["anonymous", "customerA", "customerB", "owner", "office", "crew", "apiKey", "crewKey"];

/** The role each staff identity acts with: an API key as office unless made a crew's. */
const ROLE_OF: Partial<Record<Identity, StaffRole>> = { owner: "owner", office: "office", crew: "crew", apiKey: "office", crewKey: "crew" };
const STAFF_PEOPLE: Identity[] = ["owner", "office", "crew"];

/**
 * public: anyone. staff: a staff session or an API key. staffUser: a staff session only (keys
 * cannot act as a person). customer: any signed-in customer. customerOwned: a record of customer A,
 * which B must not be able to tell from a record that does not exist.
 */
type Access = "public" | "staff" | "staffUser" | "customer" | "customerOwned";

// Every refusal of a missing or wrong kind of sign-in is 401 in this app; a staff role the
// operation does not allow is 403 (docs/product-rules.md#staff-roles).
type Outcome = "success" | 401 | 403 | 404;
const staffSignIns = (keys: "success" | 401) =>
  ({ owner: "success", office: "success", crew: "success", apiKey: keys, crewKey: keys }) as const;
const noStaff = { owner: 401, office: 401, crew: 401, apiKey: 401, crewKey: 401 } as const;
const OUTCOMES: Record<Access, Record<Identity, Outcome>> = {
  public: { anonymous: "success", customerA: "success", customerB: "success", ...staffSignIns("success") },
  staff: { anonymous: 401, customerA: 401, customerB: 401, ...staffSignIns("success") },
  staffUser: { anonymous: 401, customerA: 401, customerB: 401, ...staffSignIns(401) },
  customer: { anonymous: 401, customerA: "success", customerB: "success", ...noStaff },
  customerOwned: { anonymous: 401, customerA: "success", customerB: 404, ...noStaff },
};

/** What an identity gets: its sign-in first (401), then its role (403). */
function outcomeOf(entry: Entry, identity: Identity): Outcome {
  const signedIn = OUTCOMES[entry.access][identity];
  const role = ROLE_OF[identity];
  if (signedIn !== "success" || !role || (entry.access !== "staff" && entry.access !== "staffUser")) return signedIn;
  return entry.roles?.includes(role) ? "success" : 403;
}

interface MatrixRequest {
  /** The concrete path (with query string) of the operation. */
  path: string;
  body?: unknown;
  /** Whose session a signed-in identity carries, when the request needs a throwaway account. */
  sessionOf?: { staffUserId?: number; customerId?: number };
}

interface Entry {
  access: Access;
  /** For staff operations: the roles that may call it, as its procedure declares them. */
  roles?: readonly StaffRole[];
  /** A request that succeeds for every allowed identity; called once per identity. */
  request: (as: Identity) => MatrixRequest | Promise<MatrixRequest>;
}

let fx: MatrixFixtures;
let stripe: StripeStandIn;

const customerOf = (as: Identity) => (as === "customerB" ? fx.customerB : fx.customerA);
/** A throwaway staff account with the role of the identity that asks (an owner for the others). */
const staffAccountFor = (as: Identity) =>
  ROLE_OF[as] === "crew" ? createStaffUser({ role: "crew", crewId: fx.crewId }) : createStaffUser({ role: ROLE_OF[as] ?? "owner" });
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

/** A quote's page is the link's alone, but a signed-in customer sees only their own: each asks about a quote made for them. */
const quoteFor = (as: Identity) =>
  as === "customerA" ? { customerId: fx.customerA.id } : as === "customerB" ? { customerId: fx.customerB.id } : {};

/**
 * A quote of customer A accepted in the portal and waiting for its deposit. Accepted by the quote's
 * id, not by its emailed link: the identities ask at once, and A's links all go to one inbox.
 */
async function portalQuoteAwaitingDeposit() {
  const db = await getDb();
  const quote = await draftQuote({ customerId: fx.customerA.id, offer: { deposit: { kind: "percent", value: 25 } } });
  await sendQuote(db, quote.id);
  const answer = { version: 1, signedName: "Alice Owner", agreeToTerms: true as const, optionalItemIds: [] };
  await acceptOpenedQuote(db, { customerId: fx.customerA.id, quoteId: quote.id }, answer, "192.0.2.1");
  return quote.id;
}

const MATRIX: Record<string, Entry> = {
  // Quotes (docs/product-rules.md#quotes): requests from the public form, staff's builder, the customer's page by its link.
  "POST /quote-requests": {
    access: "public",
    request: () => ({
      path: "/quote-requests",
      body: {
        name: "Pat Visitor",
        email: `quote_${unique()}@example.com`,
        address: "2301 S Lamar Blvd",
        zipCode: "78704",
        description: "Sod for the backyard, please.",
      },
    }),
  },
  "GET /quote-requests": { access: "staff", roles: ROLES.office, request: () => ({ path: "/quote-requests?status=all" }) },
  "GET /quote-requests/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/quote-requests/${await quoteRequest()}` }),
  },
  "GET /quote-requests/{id}/photos/{photoId}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => {
      const id = await quoteRequest();
      const [photo] = rowsOf<{ id: number }>(
        await (await getDb()).execute(sql`select id from quote_request_photos where request_id = ${id}`),
      );
      return { path: `/quote-requests/${id}/photos/${photo!.id}` };
    },
  },
  "PATCH /quote-requests/{id}/handled": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/quote-requests/${await quoteRequest()}/handled`, body: { handled: true } }),
  },
  "GET /quotes": { access: "staff", roles: ROLES.office, request: () => ({ path: "/quotes" }) },
  "GET /quotes/{id}": { access: "staff", roles: ROLES.office, request: async () => ({ path: `/quotes/${(await draftQuote()).id}` }) },
  "POST /quotes": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/quotes", body: { ...quoteOffer(), customerId: fx.customerA.id } }),
  },
  "PUT /quotes/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/quotes/${(await draftQuote()).id}`, body: quoteOffer() }),
  },
  "POST /quotes/{id}/send": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/quotes/${(await draftQuote()).id}/send` }),
  },
  "POST /quotes/{id}/revoke": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/quotes/${(await sentQuote()).quote.id}/revoke` }),
  },
  "GET /quote-settings": { access: "staff", roles: ROLES.office, request: () => ({ path: "/quote-settings" }) },
  "PUT /quote-settings": {
    access: "staff",
    roles: ROLES.ownerOnly,
    request: () => ({ path: "/quote-settings", body: { taxRateBasisPoints: 825 } }),
  },
  "POST /quote-page": {
    access: "public",
    request: async (as) => ({ path: "/quote-page", body: { token: (await sentQuote(quoteFor(as))).token } }),
  },
  "POST /quote-page/accept": {
    access: "public",
    request: async (as) => ({
      path: "/quote-page/accept",
      body: { token: (await sentQuote(quoteFor(as))).token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true },
    }),
  },
  "POST /quote-page/decline": {
    access: "public",
    request: async (as) => ({
      path: "/quote-page/decline",
      body: { token: (await sentQuote(quoteFor(as))).token, reason: "Not this year" },
    }),
  },
  "POST /quote-page/deposit": {
    access: "public",
    request: async (as) => ({ path: "/quote-page/deposit", body: { token: (await quoteAwaitingDeposit(quoteFor(as))).token } }),
  },
  // The same quotes in My Account, by the session instead of the link: customer A's, which B must not tell from none.
  "GET /customer/quotes": { access: "customer", request: () => ({ path: "/customer/quotes" }) },
  "GET /customer/quotes/{id}": {
    access: "customerOwned",
    request: async () => ({ path: `/customer/quotes/${(await sentQuote({ customerId: fx.customerA.id })).quote.id}` }),
  },
  "POST /customer/quotes/{id}/accept": {
    access: "customerOwned",
    request: async () => ({
      path: `/customer/quotes/${(await sentQuote({ customerId: fx.customerA.id })).quote.id}/accept`,
      body: { version: 1, signedName: "Alice Owner", agreeToTerms: true },
    }),
  },
  "POST /customer/quotes/{id}/decline": {
    access: "customerOwned",
    request: async () => ({
      path: `/customer/quotes/${(await sentQuote({ customerId: fx.customerA.id })).quote.id}/decline`,
      body: { reason: "Not this year" },
    }),
  },
  "POST /customer/quotes/{id}/deposit": {
    access: "customerOwned",
    request: async () => ({ path: `/customer/quotes/${await portalQuoteAwaitingDeposit()}/deposit` }),
  },
  "POST /customer/quotes/{id}/deposit/saved-card": {
    access: "customerOwned",
    request: async () => {
      // A fresh card of A's is the newest, so the default the deposit is charged to.
      await savedCardOfA();
      return { path: `/customer/quotes/${await portalQuoteAwaitingDeposit()}/deposit/saved-card` };
    },
  },

  // Staff sign-in. Logins use real credentials: a public login succeeds whoever asks.
  "GET /auth/status": { access: "public", request: () => ({ path: "/auth/status" }) },
  "POST /auth/login": {
    access: "public",
    // Eight identities at once would pass the five-guesses limit of one account: each signs in to its own.
    request: async () => {
      const { user, password } = await createStaffUser();
      return { path: "/auth/login", body: { username: user.username, password } };
    },
  },
  "POST /auth/logout": { access: "public", request: () => ({ path: "/auth/logout" }) },

  // Customer sign-in and account links (every identity registers its own email).
  "GET /customer/status": { access: "public", request: () => ({ path: "/customer/status" }) },
  "POST /customer/register": { access: "public", request: () => ({ path: "/customer/register", body: registration() }) },
  "POST /customer/login": {
    access: "public",
    request: async () => {
      const { customer, password } = await createCustomer({ password: "login-pass" });
      return { path: "/customer/login", body: { email: customer.email, password: password! } };
    },
  },
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
  "POST /customer/claim-in-this-browser": {
    access: "public",
    request: async () => ({ path: "/customer/claim-in-this-browser", body: { token: await emailLink(await managedCustomer(), "invite") } }),
  },
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
  "GET /customers/{id}/cards": { access: "staff", roles: ROLES.office, request: () => ({ path: `/customers/${fx.customerA.id}/cards` }) },
  "POST /customers/{id}/card-request": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/customers/${fx.customerA.id}/card-request` }),
  },
  "PUT /customers/{id}/autopay": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/customers/${fx.customerA.id}/autopay`, body: { enabled: false } }),
  },
  "POST /payments/{id}/refunds": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({
      path: `/payments/${await completedPaymentOfA("card")}/refunds`,
      body: { amount: 500, reason: "Access matrix" },
    }),
  },
  "GET /payments/owed": { access: "staff", roles: ROLES.office, request: () => ({ path: "/payments/owed" }) },
  "GET /payments/{id}/refunds": { access: "staff", roles: ROLES.office, request: () => ({ path: `/payments/${fx.paymentA.id}/refunds` }) },

  // Customers (staff).
  "GET /customers": { access: "staff", roles: ROLES.office, request: () => ({ path: "/customers" }) },
  "GET /customers/search": { access: "staff", roles: ROLES.office, request: () => ({ path: "/customers/search?q=a&limit=5" }) },
  "POST /customers": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({
      path: "/customers",
      body: { fullName: "New Neighbor", email: `new_${unique()}@example.com`, address: "200 Lamar Blvd" },
    }),
  },
  "GET /customers/{id}": { access: "staff", roles: ROLES.office, request: () => ({ path: `/customers/${fx.customerA.id}` }) },
  "PUT /customers/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/customers/${fx.customerB.id}`, body: { ...profileOf(fx.customerB), notes: "Prefers mornings" } }),
  },
  "DELETE /customers/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/customers/${(await managedCustomer()).id}` }),
  },
  "POST /customers/{id}/invite": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/customers/${(await managedCustomer()).id}/invite` }),
  },

  // Crews (staff).
  "GET /crews": { access: "staff", roles: ROLES.everyone, request: () => ({ path: "/crews" }) },
  "POST /crews": { access: "staff", roles: ROLES.ownerOnly, request: () => ({ path: "/crews", body: { name: `Crew ${unique()}` } }) },
  "PUT /crews/{id}": {
    access: "staff",
    roles: ROLES.ownerOnly,
    request: async () => ({
      path: `/crews/${(await addCrew(await getDb(), { name: `Crew ${unique()}` })).id}`,
      body: { name: `Crew ${unique()}` },
    }),
  },
  "DELETE /crews/{id}": {
    access: "staff",
    roles: ROLES.ownerOnly,
    request: async () => ({ path: `/crews/${(await addCrew(await getDb(), { name: `Crew ${unique()}` })).id}` }),
  },

  // Products (owner and office manage, crews read the active list).
  "GET /products": { access: "staff", roles: ROLES.everyone, request: () => ({ path: "/products?status=all" }) },
  "GET /products/{id}": { access: "staff", roles: ROLES.office, request: async () => ({ path: `/products/${(await aProduct()).id}` }) },
  "POST /products": { access: "staff", roles: ROLES.office, request: () => ({ path: "/products", body: productForm() }) },
  "PUT /products/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/products/${(await aProduct()).id}`, body: productForm() }),
  },
  "POST /products/{id}/retire": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/products/${(await aProduct()).id}/retire` }),
  },
  "POST /products/{id}/reactivate": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/products/${(await aProduct()).id}/reactivate` }),
  },

  // Rounds due (owner and office).
  "GET /rounds-due": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/rounds-due?from=${aheadBy(1)}&to=${aheadBy(30)}` }),
  },
  // Lawn programs and enrollments (owner and office).
  "GET /programs": { access: "staff", roles: ROLES.office, request: () => ({ path: "/programs" }) },
  "GET /programs/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/programs/${(await insertProgram([{ windowStart: "01-01", windowEnd: "12-31" }])).program.id}` }),
  },
  "POST /programs": { access: "staff", roles: ROLES.office, request: async () => ({ path: "/programs", body: await programBody() }) },
  "PUT /programs/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({
      path: `/programs/${(await insertProgram([{ windowStart: "01-01", windowEnd: "12-31" }])).program.id}`,
      body: await programBody(),
    }),
  },
  "POST /programs/{id}/retire": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/programs/${(await insertProgram([{ windowStart: "01-01", windowEnd: "12-31" }])).program.id}/retire` }),
  },
  "POST /programs/{id}/reactivate": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({
      path: `/programs/${(await insertProgram([{ windowStart: "01-01", windowEnd: "12-31" }])).program.id}/reactivate`,
    }),
  },
  "GET /enrollments": { access: "staff", roles: ROLES.office, request: () => ({ path: "/enrollments" }) },
  "GET /enrollments/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/enrollments/${(await anEnrollment()).id}` }),
  },
  "POST /enrollments": {
    access: "staff",
    roles: ROLES.office,
    request: async () => {
      const { program } = await insertProgram([{ windowStart: "01-01", windowEnd: "12-31" }]);
      return {
        path: "/enrollments",
        body: { customerId: (await managedCustomer()).id, programId: program.id, season: Number(aheadBy(1).slice(0, 4)) },
      };
    },
  },
  "POST /enrollments/{id}/cancel": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/enrollments/${(await anEnrollment()).id}/cancel` }),
  },
  "POST /enrollments/{id}/rounds/{position}/skip": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/enrollments/${(await anEnrollment()).id}/rounds/1/skip`, body: { skipped: true } }),
  },
  "PUT /enrollments/{id}/renewal": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/enrollments/${(await anEnrollment()).id}/renewal`, body: { autoRenew: true } }),
  },
  "GET /customer/programs": { access: "customer", request: () => ({ path: "/customer/programs" }) },
  // A customer skips and renews only their own enrollment: each customer identity gets one of theirs.
  "POST /customer/programs/{id}/skip-next-round": {
    access: "customer",
    request: async (as) => ({ path: `/customer/programs/${(await anEnrollment(customerOf(as).id)).id}/skip-next-round` }),
  },
  "PUT /customer/programs/{id}/renewal": {
    access: "customer",
    request: async (as) => ({
      path: `/customer/programs/${(await anEnrollment(customerOf(as).id)).id}/renewal`,
      body: { autoRenew: false },
    }),
  },

  "POST /rounds-due/schedule": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: "/rounds-due/schedule", body: await aRoundDue() }),
  },

  // Schedules (staff).
  "GET /schedules": {
    access: "staff",
    roles: ROLES.everyone,
    request: () => ({ path: `/schedules?startDate=${aheadBy(1)}&endDate=${aheadBy(40)}` }),
  },
  "GET /schedules/day-counts": {
    access: "staff",
    roles: ROLES.everyone,
    request: () => ({ path: `/schedules/day-counts?startDate=${aheadBy(1)}&endDate=${aheadBy(40)}` }),
  },
  "GET /schedules/needing-time": { access: "staff", roles: ROLES.office, request: () => ({ path: "/schedules/needing-time" }) },
  "POST /schedules": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/schedules", body: schedulePayload(nextFreeDay()) }),
  },
  // The crew's own visits: a crew member and a crew key may read and change these, and no others.
  "GET /schedules/{id}": {
    access: "staff",
    roles: ROLES.everyone,
    request: async () => ({ path: `/schedules/${(await crewVisit()).scheduleId}` }),
  },
  "PUT /schedules/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/schedules/${fx.visitA.id}`, body: schedulePayload(aheadBy(20), "confirmed") }),
  },
  "PATCH /schedules/visits/{visitId}/status": {
    access: "staff",
    roles: ROLES.everyone,
    // Today's visit: a crew changes no later day's (docs/product-rules.md#staff-roles).
    request: async () => ({ path: `/schedules/visits/${await todaysCrewVisit()}/status`, body: { status: "completed" } }),
  },
  "POST /schedules/visits/{visitId}/move": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({
      path: `/schedules/visits/${(await crewVisit()).visitId}/move`,
      body: { date: nextFreeDay(), startTime: "15:00" },
    }),
  },
  // The crew's day on a phone: each field action on a fresh visit of today of the fixtures' crew.
  "GET /crew/day": { access: "staff", roles: ROLES.everyone, request: () => ({ path: "/crew/day" }) },
  "POST /crew/visits/{visitId}/on-my-way": {
    access: "staff",
    roles: ROLES.everyone,
    request: async () => ({ path: `/crew/visits/${await todaysCrewVisit()}/on-my-way`, body: { etaMinutes: 15, ...fieldKey() } }),
  },
  "POST /crew/visits/{visitId}/start": {
    access: "staff",
    roles: ROLES.everyone,
    request: async () => ({ path: `/crew/visits/${await todaysCrewVisit()}/start`, body: fieldKey() }),
  },
  "POST /crew/visits/{visitId}/complete": {
    access: "staff",
    roles: ROLES.everyone,
    request: async () => ({ path: `/crew/visits/${await todaysCrewVisit()}/complete`, body: { note: "Done", ...fieldKey() } }),
  },
  "POST /crew/visits/{visitId}/cant-do": {
    access: "staff",
    roles: ROLES.everyone,
    request: async () => ({ path: `/crew/visits/${await todaysCrewVisit()}/cant-do`, body: { reason: "Locked gate", ...fieldKey() } }),
  },
  "POST /crew/visits/{visitId}/photos": {
    access: "staff",
    roles: ROLES.everyone,
    request: async () => ({ path: `/crew/visits/${await todaysCrewVisit()}/photos`, body: { photo: "/9j/4AAQ", ...fieldKey() } }),
  },
  // Application records (docs/product-rules.md#application-records): crew read their crew's and correct their own.
  "GET /visits/{visitId}/application": {
    access: "staff",
    roles: ROLES.everyone,
    request: async () => ({ path: `/visits/${await todaysCrewVisit()}/application` }),
  },
  "GET /applications/{id}": {
    access: "staff",
    roles: ROLES.everyone,
    request: async (as) => ({ path: `/applications/${(await applicationRecordFor(as)).id}` }),
  },
  "PUT /applications/{id}": {
    access: "staff",
    roles: ROLES.everyone,
    request: async (as) => {
      const record = await applicationRecordFor(as);
      return { path: `/applications/${record.id}`, body: record.body, sessionOf: record.sessionOf };
    },
  },
  "POST /applications/{id}/amendments": {
    access: "staff",
    roles: ROLES.everyone,
    request: async (as) => {
      const record = await applicationRecordFor(as);
      return {
        path: `/applications/${record.id}/amendments`,
        body: { ...record.body, reason: "Amount misread" },
        sessionOf: record.sessionOf,
      };
    },
  },
  "GET /applicators": { access: "staff", roles: ROLES.office, request: () => ({ path: "/applicators" }) },
  "GET /crew/visits/{visitId}/report": {
    access: "staff",
    roles: ROLES.everyone,
    request: async () => ({ path: `/crew/visits/${await todaysCrewVisit()}/report` }),
  },
  "GET /crew/problems": { access: "staff", roles: ROLES.office, request: () => ({ path: "/crew/problems" }) },
  "GET /customer/appointments/{id}/photos": {
    access: "customerOwned",
    request: () => ({ path: `/customer/appointments/${fx.visitA.id}/photos` }),
  },
  "GET /schedules/rain-day/preview": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/schedules/rain-day/preview?fromDate=${aheadBy(20)}&toDate=${aheadBy(300)}` }),
  },
  // Two empty days: the move is real but changes nothing.
  "POST /schedules/rain-day": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/schedules/rain-day", body: { fromDate: aheadBy(301), toDate: aheadBy(302) } }),
  },

  // Routes and locations (staff): a crew reads its own crew's day; the office optimizes and pins.
  "GET /routes/{crewId}/{date}": {
    access: "staff",
    roles: ROLES.everyone,
    request: () => ({ path: `/routes/${fx.crewId}/${aheadBy(1)}` }),
  },
  "GET /routes/{crewId}/{date}/proposal": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/routes/${fx.crewId}/${aheadBy(1)}/proposal` }),
  },
  // An empty day far ahead: the apply is real but moves nothing.
  "POST /routes/{crewId}/{date}/apply": {
    access: "staff",
    roles: ROLES.office,
    request: async () => {
      const day = await getDayRoute(await getDb(), { crewId: fx.crewId, date: aheadBy(303) });
      return { path: `/routes/${fx.crewId}/${aheadBy(303)}/apply`, body: { version: day.version, order: [] } };
    },
  },
  "GET /customers/{id}/location": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/customers/${(await managedCustomer()).id}/location` }),
  },
  "PUT /customers/{id}/location": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/customers/${(await managedCustomer()).id}/location`, body: { latitude: 30.27, longitude: -97.74 } }),
  },
  "PUT /schedules/{id}/location": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/schedules/${fx.visitA.id}/location`, body: { latitude: 30.27, longitude: -97.74 } }),
  },
  "GET /settings/route-start": { access: "staff", roles: ROLES.office, request: () => ({ path: "/settings/route-start" }) },
  "PUT /settings/route-start": {
    access: "staff",
    roles: ROLES.ownerOnly,
    request: () => ({
      path: "/settings/route-start",
      body: { address: "500 E Ben White Blvd", city: "Austin", state: "TX", zipCode: "78704" },
    }),
  },

  // Messages and website inquiries (staff).
  "GET /messages/unread": { access: "staff", roles: ROLES.office, request: () => ({ path: "/messages/unread" }) },
  "GET /messages/unread/count": { access: "staff", roles: ROLES.office, request: () => ({ path: "/messages/unread/count" }) },
  "GET /messages": { access: "staff", roles: ROLES.office, request: () => ({ path: `/messages?customerId=${fx.customerA.id}` }) },
  "POST /messages": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/messages", body: { customerId: fx.customerA.id, content: "See you Tuesday." } }),
  },
  "GET /messages/conversations": { access: "staff", roles: ROLES.office, request: () => ({ path: "/messages/conversations" }) },
  "PATCH /messages/{id}/read": { access: "staff", roles: ROLES.office, request: () => ({ path: `/messages/${fx.messageFromA.id}/read` }) },
  "GET /inquiries": { access: "staff", roles: ROLES.office, request: () => ({ path: "/inquiries?status=all" }) },
  "PATCH /inquiries/{id}/handled": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/inquiries/${fx.inquiryId}/handled`, body: { handled: true } }),
  },
  "POST /inquiries/{id}/customer": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/inquiries/${fx.inquiryId}/customer` }),
  },

  // Dashboard (staff).
  "GET /dashboard-stats": { access: "staff", roles: ROLES.office, request: () => ({ path: "/dashboard-stats" }) },
  "GET /dashboard/week": { access: "staff", roles: ROLES.office, request: () => ({ path: "/dashboard/week" }) },
  "GET /dashboard/recent-messages": { access: "staff", roles: ROLES.office, request: () => ({ path: "/dashboard/recent-messages" }) },
  "GET /dashboard/customer-changes": { access: "staff", roles: ROLES.office, request: () => ({ path: "/dashboard/customer-changes" }) },

  // Reports (owner and office).
  "GET /reports/revenue": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/reports/revenue?from=2026-01-01&to=2026-03-31&by=week" }),
  },
  "GET /reports/applications": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/reports/applications?from=2026-01-01&to=2026-03-31&productId=${(await aProduct()).id}` }),
  },
  "GET /reports/owed": { access: "staff", roles: ROLES.office, request: () => ({ path: "/reports/owed?asOf=2026-03-31" }) },
  "GET /reports/work": { access: "staff", roles: ROLES.office, request: () => ({ path: "/reports/work?from=2026-01-01&to=2026-03-31" }) },
  "GET /reports/plans": { access: "staff", roles: ROLES.office, request: () => ({ path: "/reports/plans?from=2026-01-01&to=2026-03-31" }) },
  "GET /reports/quotes": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/reports/quotes?from=2026-01-01&to=2026-03-31" }),
  },

  // Payments (staff), against the Stripe stand-in.
  "GET /payments": { access: "staff", roles: ROLES.office, request: () => ({ path: `/payments?customerId=${fx.customerA.id}` }) },
  "POST /payments": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/payments", body: { customerId: fx.customerA.id, amount: 5000 } }),
  },
  "GET /payments/{id}": { access: "staff", roles: ROLES.office, request: () => ({ path: `/payments/${fx.paymentA.id}` }) },
  "POST /payments/offline": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/payments/offline", body: { customerId: fx.customerB.id, amount: 2500, method: "cash" } }),
  },
  "POST /payments/{id}/refresh": { access: "staff", roles: ROLES.office, request: () => ({ path: `/payments/${fx.paymentA.id}/refresh` }) },
  "POST /create-payment-intent": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/create-payment-intent", body: { customerId: fx.customerA.id, amount: 45, paymentId: fx.paymentA.id } }),
  },

  // Settings: a person's own account and API keys need a staff session; the export takes a key too.
  "GET /settings/profile": { access: "staffUser", roles: ROLES.everyone, request: () => ({ path: "/settings/profile" }) },
  "GET /settings/self-service": { access: "staff", roles: ROLES.office, request: () => ({ path: "/settings/self-service" }) },
  "PUT /settings/self-service": {
    access: "staff",
    roles: ROLES.ownerOnly,
    request: () => ({ path: "/settings/self-service", body: { noticeHours: 24, maxPauseDays: 90, allowReschedule: true } }),
  },
  "PUT /settings/profile": {
    access: "staffUser",
    roles: ROLES.everyone,
    request: (as) => {
      const self = as === "office" ? fx.officeStaff : as === "crew" ? fx.crewStaff : fx.staff;
      return { path: "/settings/profile", body: { fullName: self.fullName, email: self.email, username: self.username } };
    },
  },
  "POST /settings/password": {
    access: "staffUser",
    roles: ROLES.everyone,
    request: async (as) => {
      const { user, password } = await staffAccountFor(as);
      return { path: "/settings/password", body: { currentPassword: password, ...newPassword }, sessionOf: { staffUserId: user.id } };
    },
  },
  "POST /settings/delete-account": {
    access: "staffUser",
    roles: ROLES.everyone,
    request: async (as) => {
      const { user, password } = await staffAccountFor(as);
      return { path: "/settings/delete-account", body: { password }, sessionOf: { staffUserId: user.id } };
    },
  },
  "GET /export": { access: "staff", roles: ROLES.office, request: () => ({ path: "/export" }) },
  "GET /api-keys": { access: "staffUser", roles: ROLES.office, request: () => ({ path: "/api-keys" }) },
  "POST /api-keys": {
    access: "staffUser",
    roles: ROLES.office,
    request: () => ({ path: "/api-keys", body: { name: "Matrix integration" } }),
  },
  "DELETE /api-keys/{id}": {
    access: "staffUser",
    roles: ROLES.office,
    request: async () => ({ path: `/api-keys/${(await createApiKey(await getDb(), "Throwaway", fx.staff.id)).apiKey.id}` }),
  },

  // Staff users (owners only) and the invitee's sign-up from the link.
  "GET /staff": { access: "staffUser", roles: ROLES.ownerOnly, request: () => ({ path: "/staff" }) },
  "POST /staff/invitations": {
    access: "staffUser",
    roles: ROLES.ownerOnly,
    request: () => ({ path: "/staff/invitations", body: { email: `invitee_${unique()}@example.com`, role: "office" } }),
  },
  "POST /staff/invitations/{id}/withdraw": {
    access: "staffUser",
    roles: ROLES.ownerOnly,
    request: async () => ({ path: `/staff/invitations/${await staffInvitationId()}/withdraw` }),
  },
  "PUT /staff/{id}/role": {
    access: "staffUser",
    roles: ROLES.ownerOnly,
    request: async () => ({
      path: `/staff/${(await createStaffUser({ role: "office" })).user.id}/role`,
      body: { role: "crew", crewId: fx.crewId },
    }),
  },
  "DELETE /staff/{id}": {
    access: "staffUser",
    roles: ROLES.ownerOnly,
    request: async () => ({ path: `/staff/${(await createStaffUser({ role: "office" })).user.id}` }),
  },
  "GET /staff/licenses": { access: "staffUser", roles: ROLES.ownerOnly, request: () => ({ path: "/staff/licenses" }) },
  "GET /staff/license-warnings": { access: "staffUser", roles: ROLES.ownerOnly, request: () => ({ path: "/staff/license-warnings" }) },
  "GET /staff/{id}/license": { access: "staffUser", roles: ROLES.ownerOnly, request: () => ({ path: `/staff/${fx.staff.id}/license` }) },
  "PUT /staff/{id}/license": {
    access: "staffUser",
    roles: ROLES.ownerOnly,
    request: async () => ({
      path: `/staff/${(await createStaffUser({ role: "crew", crewId: fx.crewId })).user.id}/license`,
      body: { licenseType: "certified_applicator", licenseNumber: "CA12345", expiresOn: aheadBy(400) },
    }),
  },
  "GET /settings/license": { access: "staffUser", roles: ROLES.everyone, request: () => ({ path: "/settings/license" }) },
  "GET /settings/business-license": { access: "staff", roles: ROLES.office, request: () => ({ path: "/settings/business-license" }) },
  "PUT /settings/business-license": {
    access: "staffUser",
    roles: ROLES.ownerOnly,
    request: () => ({ path: "/settings/business-license", body: { licenseNumber: "B0123456" } }),
  },
  "GET /staff-invitation": {
    access: "public",
    request: async () => ({ path: `/staff-invitation?token=${await staffInvitationToken()}` }),
  },
  "POST /staff-invitation/accept": {
    access: "public",
    request: async () => ({
      path: "/staff-invitation/accept",
      body: {
        token: await staffInvitationToken(),
        fullName: "Sam Newhire",
        username: `newhire_${unique()}`,
        password: "a-new-password-9",
        confirmPassword: "a-new-password-9",
      },
    }),
  },

  // Notifications, webhooks and calendar feeds.
  "GET /settings/notifications": { access: "staff", roles: ROLES.office, request: () => ({ path: "/settings/notifications" }) },
  "PUT /settings/notifications": {
    access: "staff",
    roles: ROLES.ownerOnly,
    request: () => ({ path: "/settings/notifications", body: DEFAULT_NOTIFICATION_SETTINGS }),
  },
  "GET /emails": { access: "staff", roles: ROLES.office, request: () => ({ path: "/emails" }) },
  "GET /jobs/failing": { access: "staff", roles: ROLES.office, request: () => ({ path: "/jobs/failing" }) },
  "POST /jobs/{id}/retry": { access: "staff", roles: ROLES.office, request: async () => ({ path: `/jobs/${await failedJob()}/retry` }) },

  // Texts: Settings → Texts, what they cost, and consent recorded by staff.
  "GET /settings/texts": { access: "staff", roles: ROLES.office, request: () => ({ path: "/settings/texts" }) },
  "PUT /settings/texts": {
    access: "staff",
    roles: ROLES.ownerOnly,
    request: () => ({ path: "/settings/texts", body: DEFAULT_TEXT_SETTINGS }),
  },
  "GET /texts/usage": { access: "staff", roles: ROLES.ownerOnly, request: () => ({ path: "/texts/usage" }) },
  "GET /texts/recent": { access: "staff", roles: ROLES.office, request: () => ({ path: "/texts/recent" }) },
  "GET /customers/{id}/text-consent": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: `/customers/${fx.customerA.id}/text-consent` }),
  },
  "PUT /customers/{id}/text-consent": {
    access: "staffUser",
    roles: ROLES.office,
    request: async () => ({ path: `/customers/${(await managedCustomer()).id}/text-consent`, body: { textConsent: true } }),
  },
  "GET /customer/notifications": { access: "customer", request: () => ({ path: "/customer/notifications" }) },
  "PUT /customer/notifications": {
    access: "customer",
    request: () => ({ path: "/customer/notifications", body: { remindersEnabled: true } }),
  },
  "GET /customer/text-preference": { access: "customer", request: () => ({ path: "/customer/text-preference" }) },
  "PUT /customer/text-preference": {
    access: "customer",
    request: () => ({ path: "/customer/text-preference", body: { textConsent: true, notifyBy: "both" } }),
  },
  "POST /notifications/unsubscribe": {
    access: "public",
    request: async () => ({ path: "/notifications/unsubscribe", body: { token: (await managedCustomer()).unsubscribeToken } }),
  },
  "GET /webhooks": { access: "staff", roles: ROLES.office, request: () => ({ path: "/webhooks" }) },
  "POST /webhooks": {
    access: "staff",
    roles: ROLES.office,
    request: () => ({ path: "/webhooks", body: { url: "https://hooks.example.com/matrix", events: ["customer.created"] } }),
  },
  "PUT /webhooks/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({
      path: `/webhooks/${await webhookEndpoint()}`,
      body: { url: "https://hooks.example.com/changed", events: ["payment.completed"], enabled: false },
    }),
  },
  "DELETE /webhooks/{id}": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/webhooks/${await webhookEndpoint()}` }),
  },
  "GET /webhooks/{id}/secret": {
    access: "staffUser",
    roles: ROLES.office,
    request: async () => ({ path: `/webhooks/${await webhookEndpoint()}/secret` }),
  },
  "GET /webhooks/{id}/deliveries": {
    access: "staff",
    roles: ROLES.office,
    request: async () => ({ path: `/webhooks/${await webhookEndpoint()}/deliveries` }),
  },
  "GET /settings/calendar-feed": { access: "staffUser", roles: ROLES.office, request: () => ({ path: "/settings/calendar-feed" }) },
  "POST /settings/calendar-feed": {
    access: "staffUser",
    roles: ROLES.office,
    request: () => ({ path: "/settings/calendar-feed", body: {} }),
  },
  "DELETE /settings/calendar-feed": { access: "staffUser", roles: ROLES.office, request: () => ({ path: "/settings/calendar-feed" }) },
  "GET /customer/calendar-feed": { access: "customer", request: () => ({ path: "/customer/calendar-feed" }) },
  "POST /customer/calendar-feed": { access: "customer", request: () => ({ path: "/customer/calendar-feed", body: {} }) },
  "DELETE /customer/calendar-feed": { access: "customer", request: () => ({ path: "/customer/calendar-feed" }) },
};

/** A visit of the crew the crew identities work on, new for each request. */
/** A visit of today (Austin) of the fixtures' crew: field actions take only today's stops. */
/** A crew member of the matrix's crew holding a valid applicator license, the business's license set. */
async function licensedCrewMember() {
  const db = await getDb();
  await saveBusinessLicense(db, { licenseNumber: "B0123456" });
  const { user } = await createStaffUser({ role: "crew", crewId: fx.crewId });
  await setStaffLicense(db, user.id, {
    licenseType: "certified_applicator",
    licenseNumber: "CA2024001",
    expiresOn: addDays(businessToday(), 365),
  });
  return user;
}

/**
 * An application record of today on the crew's visit, written by a licensed member of the crew
 * (through the API for a crew's key, which corrects those): each identity corrects one of its own.
 */
async function applicationRecordFor(as: Identity) {
  const db = await getDb();
  const member = await licensedCrewMember();
  const product = await aProduct();
  const [record] = await db
    .insert(applicationRecords)
    .values({
      visitId: await todaysCrewVisit(),
      customerId: fx.customerA.id,
      appliedOn: businessToday(),
      appliedAt: new Date(),
      customerName: "Alice Owner",
      billingAddress: "100 Congress Ave, Austin, TX 78701",
      serviceAddress: "100 Congress Ave, Austin, TX 78701",
      areaTreatedSqFt: 5000,
      targetPest: "Broadleaf weeds",
      windSpeedMph: 5,
      temperatureF: 75,
      applicatorStaffUserId: member.id,
      applicatorName: "Matrix Member",
      applicatorLicenseType: "certified_applicator",
      applicatorLicenseNumber: "CA2024001",
      businessLicenseNumber: "B0123456",
      recordedVia: as === "crewKey" || as === "apiKey" ? "api" : "crew",
      recordedByStaffUserId: as === "crew" ? member.id : null,
      recordedByName: "Matrix Member",
    })
    .returning({ id: applicationRecords.id });
  await db.insert(applicationRecordProducts).values({
    recordId: record!.id,
    productId: product.id,
    productName: product.name,
    epaRegistrationNumber: product.epaRegistrationNumber,
    unit: product.unit,
    amountThousandths: 500,
  });
  const body = {
    products: [{ productId: product.id, amount: 0.6 }],
    areaTreatedSqFt: 5000,
    targetPest: "Broadleaf weeds",
    windSpeedMph: 4,
    temperatureF: 76,
    applicatorStaffUserId: member.id,
  };
  return { id: record!.id, body, sessionOf: as === "crew" ? { staffUserId: member.id } : undefined };
}

async function todaysCrewVisit() {
  const schedule = await visitOf(fx.customerA.id, fx.serviceId, businessToday(), fx.crewId);
  const [visit] = await (await getDb()).select({ id: visits.id }).from(visits).where(eq(visits.scheduleId, schedule.id));
  return visit!.id;
}

/** A fresh idempotency key for a field action, in the body as tRPC clients send it. */
const fieldKey = () => ({ idempotencyKey: `matrix-${unique()}` });

async function crewVisit() {
  const schedule = await visitOf(fx.customerA.id, fx.serviceId, nextFreeDay(), fx.crewId);
  const [visit] = await (await getDb()).select({ id: visits.id }).from(visits).where(eq(visits.scheduleId, schedule.id));
  return { scheduleId: schedule.id, visitId: visit!.id };
}

/** An unused invitation to the staff, new for each request. */
async function staffInvitationId() {
  const [invitation] = await (await getDb())
    .insert(staffInvitations)
    .values({
      email: `invitee_${unique()}@example.com`,
      role: "office",
      tokenHash: hashToken(generateToken()),
      invitedByUserId: fx.staff.id,
      expiresAt: new Date(Date.now() + 60 * 60_000),
    })
    .returning({ id: staffInvitations.id });
  return invitation!.id;
}

/** An invitation to the staff whose link is known, new for each request. */
async function staffInvitationToken() {
  const token = generateToken();
  await (await getDb()).insert(staffInvitations).values({
    email: `invitee_${unique()}@example.com`,
    role: "office",
    tokenHash: hashToken(token),
    invitedByUserId: fx.staff.id,
    expiresAt: new Date(Date.now() + 60 * 60_000),
  });
  return token;
}

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
  const id = await enqueueJob(db, sendEmailJob, { outboxId: -1 });
  await db.execute(sql`update pgboss.job set state = 'failed', completed_on = now() where id = ${id}::uuid`);
  return id;
}

type DocumentOperation = { security?: Array<Record<string, string[]>>; responses?: Record<string, unknown>; "x-roles"?: string[] };

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
    case "owner":
      return { cookie: await staffCookie(request.sessionOf?.staffUserId ?? fx.staff.id) };
    case "office":
      return { cookie: await staffCookie(request.sessionOf?.staffUserId ?? fx.officeStaff.id) };
    case "crew":
      return { cookie: await staffCookie(request.sessionOf?.staffUserId ?? fx.crewStaff.id) };
    case "apiKey":
      return { authorization: `Bearer ${fx.apiKey}` };
    case "crewKey":
      return { authorization: `Bearer ${fx.crewApiKey}` };
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
      const isStaff = entry.access === "staff" || entry.access === "staffUser";
      if (isStaff && !entry.roles) problems.push(`${key} is a staff operation without roles in this table`);
      if (!isStaff && entry.roles) problems.push(`${key} names roles but is not a staff operation`);
      const documentedRoles = (operation["x-roles"] ?? []).join(",");
      if (isStaff && documentedRoles !== (entry.roles ?? []).join(",")) {
        problems.push(`${key} is documented for roles [${documentedRoles}], the table says [${entry.roles ?? []}]`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("finds a role declaration on every staff procedure, REST or not", () => {
    const undeclared = Object.entries(procedureMetas())
      .filter(([, procedure]) => ["staff", "staffUser"].includes(procedure._def.meta?.access ?? "") && !procedure._def.meta?.roles)
      .map(([path]) => path);
    expect(undeclared).toEqual([]);
  });

  it("answers every operation as its access class and roles say, for each identity", { timeout: 180_000 }, async () => {
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
          const outcome = outcomeOf(entry, identity);
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
