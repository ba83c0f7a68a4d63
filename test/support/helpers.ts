import { hashPassword } from "../../src/server/auth/password";
import { createCustomerSession, createStaffSession } from "../../src/server/auth/session";
import { sessionCookieName } from "../../src/server/auth/cookies";
import { createCaller } from "../../src/server/app/router";
import { createTRPCContext } from "../../src/server/api/trpc";
import { getDb } from "../../src/server/db";
import { customers, staffUsers } from "../../src/server/db/schema";
import { SERVICE_CATALOGUE } from "../../src/server/app/seed-data";
import { services } from "../../src/server/db/schema";
import { CLIENT_ADDRESS_HEADER } from "../../src/server/api/client-address.mjs";
import { sendOverHttp } from "./api-over-http";
import type { StaffRole } from "../../src/lib/staff-roles";

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function createStaffUser(
  overrides: { username?: string; password?: string; fullName?: string; role?: StaffRole; crewId?: number | null } = {},
) {
  const db = await getDb();
  const password = overrides.password ?? "staff-password-1";
  const [user] = await db
    .insert(staffUsers)
    .values({
      username: overrides.username ?? `staff_${unique()}`,
      passwordHash: await hashPassword(password),
      fullName: overrides.fullName ?? "Test Staff",
      email: `staff_${unique()}@example.com`,
      role: overrides.role ?? "owner",
      crewId: overrides.crewId ?? null,
    })
    .returning();
  return { user: user!, password };
}

export async function createCustomer(overrides: Partial<typeof customers.$inferInsert> & { password?: string } = {}) {
  const db = await getDb();
  const { password, ...fields } = overrides;
  const [customer] = await db
    .insert(customers)
    .values({
      fullName: "Test Customer",
      email: `customer_${unique()}@example.com`,
      phone: "5125550100",
      address: "100 Congress Ave",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      passwordHash: password ? await hashPassword(password) : null,
      isVerified: Boolean(password),
      ...fields,
    })
    .returning();
  return { customer: customer!, password };
}

export async function seedServices() {
  const db = await getDb();
  return db.insert(services).values(SERVICE_CATALOGUE).returning();
}

/** A Cookie header carrying a fresh staff session. */
export async function staffCookie(userId?: number) {
  const db = await getDb();
  const id = userId ?? (await createStaffUser()).user.id;
  const { token } = await createStaffSession(db, id);
  return `${sessionCookieName("staff")}=${token}`;
}

export async function customerCookie(customerId?: number) {
  const db = await getDb();
  const id = customerId ?? (await createCustomer({ password: "customer-pass" })).customer.id;
  const { token } = await createCustomerSession(db, id);
  return `${sessionCookieName("customer")}=${token}`;
}

/**
 * The header the server that owns the socket writes the client's address into (scripts/server.mjs);
 * tests that play several clients send it as that server would.
 */
export function fromAddress(address: string): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address };
}

/** A tRPC caller acting as whoever the headers say (cookies, bearer key), as in a real request. */
export async function callerWith(headers: Record<string, string> = {}) {
  const resHeaders = new Headers();
  const ctx = await createTRPCContext({ headers: new Headers({ ...fromAddress("203.0.113.9"), ...headers }), resHeaders });
  return Object.assign(createCaller(ctx), { resHeaders });
}

export async function anonymousCaller() {
  return callerWith();
}

export async function staffCaller(userId?: number) {
  return callerWith({ cookie: await staffCookie(userId) });
}

export async function customerCaller(customerId?: number) {
  return callerWith({ cookie: await customerCookie(customerId) });
}

/** Sends a request to the REST API through the production server's /api fast path (test/support/api-over-http.ts). */
export async function rest(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers({ host: "localhost:3000", ...fromAddress("198.51.100.7"), ...options.headers });
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  // Through the production server's fast path over a socket, as a client reaches it.
  const response = await sendOverHttp(method, `http://localhost:3000/api${path}`, headers, body);
  const text = response.text;
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json: json as Record<string, unknown> & { message?: string }, text };
}

/** The name=value pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeaderFrom(headers: Headers) {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A valid portal registration (POST /api/customer/register); tests change what they are about. */
export function registrationBody(overrides: Partial<Record<"fullName" | "email" | "password", string>> = {}) {
  const password = overrides.password ?? "garden1";
  return {
    fullName: "Rosa Diaz",
    email: `rosa.${unique()}@example.com`,
    phone: "5125550199",
    address: "500 E 6th St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    ...overrides,
    password,
    confirmPassword: password,
  };
}

/**
 * The Stripe settings that send the app to the Stripe stand-in at `url` (with the webhook secret
 * when the test signs events), or, without a url, the same keys cleared again.
 */
export function stripeStandInEnv(url: string | undefined, webhookSecret?: string): Record<string, string | undefined> {
  const on = url !== undefined;
  return {
    STRIPE_SECRET_KEY: on ? "sk_test_standin" : undefined,
    STRIPE_PUBLISHABLE_KEY: on ? "pk_test_standin" : undefined,
    STRIPE_API_BASE_URL: url,
    ...(webhookSecret === undefined ? {} : { STRIPE_WEBHOOK_SECRET: on ? webhookSecret : undefined }),
  };
}

/** The Twilio settings that send the app's texts to the stand-in (or, without one, clear them). */
export function twilioStandInEnv(
  standIn: { url: string; accountSid: string; authToken: string } | undefined,
): Record<string, string | undefined> {
  return {
    TWILIO_ACCOUNT_SID: standIn?.accountSid,
    TWILIO_AUTH_TOKEN: standIn?.authToken,
    TWILIO_FROM_NUMBER: standIn ? "+15125550100" : undefined,
    TWILIO_API_BASE_URL: standIn?.url,
  };
}
