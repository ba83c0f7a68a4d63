import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { ConflictError, NotFoundError, TooManyRequestsError } from "@/server/errors";
import { appUrl } from "@/server/email/app-url";
import { sendEmail } from "@/server/email/send-email";
import { verificationEmail } from "@/server/email/templates";
import { consumeEmailToken, createEmailToken, latestEmailTokenAt } from "./email-tokens";

export const RESEND_INTERVAL_MS = 60_000;
export const ALREADY_VERIFIED = "Your email address is already verified.";

/** The link opens the login page, which confirms the address and then continues to My Account. */
export async function sendVerificationEmail(db: Db, customer: { id: number; email: string; fullName: string }, now = new Date()) {
  const token = await createEmailToken(db, customer, "verify_email", now);
  await sendEmail(db, verificationEmail(customer, appUrl(`/customer/login?verify=${token}`)));
}

/**
 * Proves the customer owns the email: from now on the whole history of the record shows in the
 * portal, including what a booking or staff recorded before the account was claimed.
 */
export async function verifyEmail(db: Db, token: string, now = new Date()) {
  const consumed = await consumeEmailToken(db, token, "verify_email", now);
  const [customer] = await db
    .update(customers)
    .set({ isVerified: true, updatedAt: now })
    .where(and(eq(customers.id, consumed.customerId)))
    .returning({ id: customers.id, email: customers.email });
  if (!customer) throw new NotFoundError("Customer not found");
  return customer;
}

export async function resendVerification(db: Db, customerId: number, now = new Date()) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError("Customer not found");
  if (customer.isVerified) throw new ConflictError(ALREADY_VERIFIED);
  const last = await latestEmailTokenAt(db, customerId, "verify_email");
  const waitMs = last ? last.getTime() + RESEND_INTERVAL_MS - now.getTime() : 0;
  if (waitMs > 0) {
    throw new TooManyRequestsError("We just sent you an email. Please wait a minute before asking for another.", Math.ceil(waitMs / 1000));
  }
  await sendVerificationEmail(db, customer, now);
  return { email: customer.email };
}
