import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { hashPassword } from "@/server/auth/password";
import { ConflictError, NotFoundError } from "@/server/errors";
import { appUrl } from "@/server/email/app-url";
import { sendEmail } from "@/server/email/send-email";
import { invitationEmail } from "@/server/email/templates";
import { EMAIL_ALREADY_REGISTERED } from "@/server/accounts/customer-auth";
import { consumeEmailToken, createEmailToken, findUsableEmailToken } from "./email-tokens";

export const ALREADY_HAS_ACCOUNT = "This customer already has a portal account.";

/** Staff invite a customer they manage to the portal: an email with a link to choose a password. */
export async function inviteCustomer(db: Db, customerId: number, now = new Date()) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError("Customer not found");
  if (customer.passwordHash) throw new ConflictError(ALREADY_HAS_ACCOUNT);
  const token = await createEmailToken(db, customer, "invite", now);
  await sendEmail(db, invitationEmail(customer, appUrl(`/customer/register?invite=${token}`)));
  return { email: customer.email };
}

/** Who an invitation is for, so the set-password form can greet them; refuses unusable links. */
export async function describeInvitation(db: Db, token: string, now = new Date()) {
  const row = await findUsableEmailToken(db, token, "invite", now);
  const [customer] = await db
    .select({ fullName: customers.fullName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  if (!customer) throw new NotFoundError("Customer not found");
  return customer;
}

/**
 * The invitation reached the customer's inbox, so opening it proves the email: the account is
 * verified at once and shows the whole history.
 */
export async function acceptInvitation(db: Db, input: { token: string; password: string }, now = new Date()) {
  const consumed = await consumeEmailToken(db, input.token, "invite", now);
  const passwordHash = await hashPassword(input.password);
  const [customer] = await db
    .update(customers)
    .set({ passwordHash, isVerified: true, registeredAt: now, updatedAt: now })
    .where(and(eq(customers.id, consumed.customerId), isNull(customers.passwordHash)))
    .returning();
  if (!customer) throw new ConflictError(EMAIL_ALREADY_REGISTERED);
  return customer;
}
