import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { customers } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";
import { normalizeEmail } from "@/server/accounts/customer-auth";
import type { TCustomerProfile } from "@/lib/validation/customer-auth";
import { sendVerificationEmail } from "./verification";

export const EMAIL_IN_USE = "Another account already uses this email address. Please use a different one.";

const PROFILE_COLUMNS = {
  id: customers.id,
  fullName: customers.fullName,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  city: customers.city,
  state: customers.state,
  zipCode: customers.zipCode,
  isVerified: customers.isVerified,
};

export async function getProfile(db: Db, customerId: number) {
  const [profile] = await db.select(PROFILE_COLUMNS).from(customers).where(eq(customers.id, customerId));
  if (!profile) throw new NotFoundError("Customer not found");
  return profile;
}

/**
 * Saves the portal profile with the register form's rules (spec 5). An email already used by
 * another customer is refused. A customer who has not verified yet gets a new link at the new
 * address (links sent to the old one stop working); a verified customer stays verified.
 */
export async function updateProfile(db: Db, customerId: number, input: TCustomerProfile, now = new Date()) {
  const current = await getProfile(db, customerId);
  const email = normalizeEmail(input.email);
  const emailChanged = email !== current.email.toLowerCase();
  if (emailChanged) {
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
  if (!updated) throw new NotFoundError("Customer not found");
  if (emailChanged && !updated.isVerified) await sendVerificationEmail(db, updated, now);
  return updated;
}
