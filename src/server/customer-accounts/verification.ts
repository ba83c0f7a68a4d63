import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { enforceAccountEmailLimits, LIMITS } from "@/server/auth/limits";
import { countAttempt, enforceLimit } from "@/server/auth/rate-limit";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { appUrl } from "@/server/email/app-url";
import { sendEmail } from "@/server/email/send-email";
import { verificationEmail } from "@/server/email/templates/accounts";
import { consumeEmailToken, createEmailToken, findUsableEmailToken } from "./email-tokens";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const ALREADY_VERIFIED = "Your email address is already verified.";
export const LINK_FOR_ANOTHER_ACCOUNT = "This link was sent for another account. Log out, then log in with the account it was sent to.";

type Recipient = { id: number; email: string; fullName: string };

/** The link opens the login page, which confirms the address for the account signed in there. */
async function emailVerificationLink(db: Db, customer: Recipient, now: Date) {
  const token = await createEmailToken(db, customer, "verify_email", now);
  await sendEmail(db, verificationEmail(customer, { url: appUrl(`/customer/login?verify=${token}`), token }));
}

/**
 * Sends a link to confirm the account's address (after registering or changing it). It counts as
 * the account's latest one, so asking for another at once waits a minute.
 */
export async function sendVerificationEmail(db: Db, customer: Recipient, now = new Date()) {
  await countAttempt(db, LIMITS.verificationEmailsPerAccount, String(customer.id), now);
  await emailVerificationLink(db, customer, now);
}

/**
 * Proves the signed-in customer owns the email: from now on the whole history of the record shows
 * in the portal. The link only counts for the account it was sent for, signed in with its
 * password: someone who registered with another person's address cannot have that person's click
 * confirm it for them.
 */
export async function verifyEmail(db: Db, customerId: number, token: string, now = new Date()) {
  const usable = await findUsableEmailToken(db, token, "verify_email", now);
  if (usable.customerId !== customerId) throw new InvalidInputError(LINK_FOR_ANOTHER_ACCOUNT, "token");
  const consumed = await consumeEmailToken(db, token, "verify_email", now);
  const [customer] = await db
    .update(customers)
    .set({ isVerified: true, updatedAt: now })
    .where(eq(customers.id, consumed.customerId))
    .returning({ id: customers.id, email: customers.email });
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return customer;
}

export async function resendVerification(db: Db, customerId: number, ip: string, now = new Date()) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  if (customer.isVerified) throw new ConflictError(ALREADY_VERIFIED);
  await enforceLimit(db, LIMITS.verificationEmailsPerAccount, String(customerId), now);
  await enforceAccountEmailLimits(db, customer.email, ip, now);
  await emailVerificationLink(db, customer, now);
  return { email: customer.email };
}
