import { eq, sql } from "drizzle-orm";
import { announceCustomerCreated } from "@/server/notifications/announce";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { ConflictError, TooManyRequestsError, UnauthorizedError } from "@/server/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/server/auth/password";
import { createCustomerSession } from "@/server/auth/session";
import {
  ACCOUNT_FAILURE_LIMIT,
  IP_FAILURE_LIMIT,
  accountThrottleKey,
  clearLoginFailures,
  ipThrottleKey,
  recordLoginFailure,
  secondsUntilUnlocked,
} from "@/server/auth/throttle";
import type { TCustomerRegister } from "@/lib/validation/customer-auth";
import { sendVerificationEmail } from "@/server/portal/verification";
import { TOO_MANY_ATTEMPTS } from "./staff-auth";

export const INVALID_CUSTOMER_LOGIN = "Invalid email or password";
export const EMAIL_ALREADY_REGISTERED = "An account with this email already exists. Please log in instead.";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findCustomerByEmail(db: Db, email: string) {
  const [customer] = await db
    .select()
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, normalizeEmail(email)));
  return customer ?? null;
}

/**
 * Creates a portal account. A record that a booking or staff created without a password is
 * claimed instead: it gets the password but keeps its profile and stays unverified, so its history
 * only shows once the email is proven (beyond.md item 15). Either way a verification link is sent.
 */
export async function registerCustomer(db: Db, input: TCustomerRegister, now = new Date()) {
  const { customer, claimedExisting } = await createOrClaimAccount(db, input, now);
  await sendVerificationEmail(db, customer, now);
  return { customer, claimedExisting };
}

async function createOrClaimAccount(db: Db, input: TCustomerRegister, now: Date) {
  const passwordHash = await hashPassword(input.password);
  const existing = await findCustomerByEmail(db, input.email);
  if (existing?.passwordHash) throw new ConflictError(EMAIL_ALREADY_REGISTERED);

  if (existing) {
    const [claimed] = await db
      .update(customers)
      .set({ passwordHash, isVerified: false, registeredAt: now, updatedAt: now })
      .where(sql`${customers.id} = ${existing.id} and ${customers.passwordHash} is null`)
      .returning();
    if (!claimed) throw new ConflictError(EMAIL_ALREADY_REGISTERED);
    return { customer: claimed, claimedExisting: true };
  }

  const [created] = await db
    .insert(customers)
    .values({
      fullName: input.fullName,
      email: normalizeEmail(input.email),
      phone: input.phone,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      passwordHash,
      registeredAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // Two registrations racing for one email: the loser is told the account exists.
  if (!created) throw new ConflictError(EMAIL_ALREADY_REGISTERED);
  await announceCustomerCreated(db, created.id, "registration");
  return { customer: created, claimedExisting: false };
}

export async function loginCustomer(db: Db, input: { email: string; password: string; ip: string }) {
  const accountKey = accountThrottleKey("customer", input.email);
  const ipKey = ipThrottleKey(input.ip);
  const wait = await secondsUntilUnlocked(db, [accountKey, ipKey]);
  if (wait > 0) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, wait);

  const customer = await findCustomerByEmail(db, input.email);
  const valid = customer?.passwordHash
    ? await verifyPassword(customer.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!customer || !valid) {
    await recordLoginFailure(db, accountKey, ACCOUNT_FAILURE_LIMIT);
    await recordLoginFailure(db, ipKey, IP_FAILURE_LIMIT);
    throw new UnauthorizedError(INVALID_CUSTOMER_LOGIN);
  }
  await clearLoginFailures(db, accountKey);
  const session = await createCustomerSession(db, customer.id);
  return { ...session, customer };
}
