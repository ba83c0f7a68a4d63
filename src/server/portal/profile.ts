import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { customers } from "@/server/db/schema";
import { ConflictError, ForbiddenError, NotFoundError } from "@/server/errors";
import { normalizeEmail } from "@/server/customers/customers-repository";
import { enforceAccountEmailLimits, LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { enforceLimit } from "@/server/auth/rate-limit";
import type { TCustomerProfile } from "@/lib/validation/customer-auth";
import { sendVerificationEmail } from "@/server/customer-accounts/verification";
import { emit } from "@/server/events/emit";
import { SESSION_CUSTOMER_COLUMNS } from "@/server/db/customer-columns";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const EMAIL_IN_USE = "Another account already uses this email address. Please use a different one.";
export const CONFIRM_EMAIL_FIRST = "Please confirm your current email address with the link we sent before changing it.";
/** A record older than its password was claimed, not created, by registering. */
const CLAIMED_AFTER_MS = 60_000;

const PROFILE_COLUMNS = {
  ...SESSION_CUSTOMER_COLUMNS,
};

export async function getProfile(db: Db, customerId: number) {
  const [profile] = await db.select(PROFILE_COLUMNS).from(customers).where(eq(customers.id, customerId));
  if (!profile) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return profile;
}

/**
 * Saves the portal profile with the register form's rules. An email already used by
 * another customer is refused. A changed email is unproven: the account is unconfirmed again (the
 * database clears `is_verified` on every email change) and gets a link at the new address; links
 * sent to the old one stop working. Until it is used the portal shows nothing the account owns,
 * and afterwards only what the ownership rule gives (docs/product-rules.md#who-owns-a-visit). Email
 * changes are limited per account and address, and an account that took over an earlier record
 * keeps that record's address until it is confirmed.
 */
export async function updateProfile(db: Db, customerId: number, input: TCustomerProfile, context: { ip: string }, now = new Date()) {
  const [current] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!current) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const email = normalizeEmail(input.email);
  const emailChanged = email !== current.email.toLowerCase();
  if (emailChanged) {
    const claimed = current.registeredAt && current.registeredAt.getTime() - current.createdAt.getTime() > CLAIMED_AFTER_MS;
    if (!current.isVerified && claimed) throw new ForbiddenError(CONFIRM_EMAIL_FIRST);
    await enforceLimit(db, LIMITS.emailChangesPerAddress, limitSubjectForAddress(context.ip), now);
    await enforceLimit(db, LIMITS.emailChangesPerAccount, String(customerId), now);
    await enforceAccountEmailLimits(db, email, context.ip, now);
    const [taken] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(sql`lower(${customers.email})`, email), ne(customers.id, customerId)));
    if (taken) throw new ConflictError(EMAIL_IN_USE);
  }

  let updated;
  try {
    [updated] = await db
      .update(customers)
      .set({ ...input, email, updatedAt: now })
      .where(eq(customers.id, customerId))
      .returning(PROFILE_COLUMNS);
  } catch (error) {
    // Two customers racing for one new address: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_IN_USE);
    throw error;
  }
  if (!updated) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  await emit(db, { type: "customer.updated", customerId });
  if (emailChanged) await sendVerificationEmail(db, updated, now);
  return updated;
}
