import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { forgetDevices } from "@/server/auth/known-devices";
import { enforceAccountEmailLimits, LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { CURRENT_PASSWORD_WRONG, hashPassword, verifyPassword } from "@/server/auth/password";
import { clearLimit, enforceLimit } from "@/server/auth/rate-limit";
import { invalidateOtherCustomerSessions } from "@/server/auth/session";
import { appUrl } from "@/server/email/app-url";
import { sendEmail } from "@/server/email/send-email";
import { passwordChangedEmail, passwordResetEmail } from "@/server/email/templates/accounts";
import { consumeEmailToken, createEmailToken, retireEmailTokens } from "@/server/customer-accounts/email-tokens";
import { sendClaimLink } from "@/server/customer-accounts/invitations";
import { findCustomerByEmail } from "@/server/customers/customers-repository";
import { signInCustomer } from "@/server/customer-accounts/accounts";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const RESET_REQUESTED = "If an account uses that email, we sent it a link to choose a new password. The link works for 1 hour.";
export const PASSWORD_CHANGED = "Your password has been changed. Every other device was logged out.";

/**
 * Forgot password. The answer is the same whether or not the email has an account, and the limits
 * count every request alike, so neither tells a stranger who is a customer. A record without a
 * password (left by a booking) gets the link that opens its account instead.
 */
export async function requestPasswordReset(db: Db, input: { email: string; ip: string }, now = new Date()) {
  await enforceLimit(db, LIMITS.passwordResetPerAddress, limitSubjectForAddress(input.ip), now);
  await enforceAccountEmailLimits(db, input.email, input.ip, now);
  const customer = await findCustomerByEmail(db, input.email);
  if (!customer) return;
  if (!customer.passwordHash) {
    await sendClaimLink(db, customer, now);
    return;
  }
  const token = await createEmailToken(db, customer, "reset_password", now);
  await sendEmail(db, passwordResetEmail(customer, { url: appUrl(`/customer/reset-password?token=${token}`), token }));
}

/**
 * Sets a new password from a reset link and signs in. The link proves the email, so the account is
 * verified; every other session, every other reset link and every known device of the account end,
 * since the old password may be in someone else's hands.
 */
export async function resetCustomerPassword(
  db: Db,
  input: { token: string; password: string; deviceToken?: string | null },
  now = new Date(),
) {
  const consumed = await consumeEmailToken(db, input.token, "reset_password", now);
  const [customer] = await db
    .update(customers)
    .set({ passwordHash: await hashPassword(input.password), isVerified: true, updatedAt: now })
    .where(eq(customers.id, consumed.customerId))
    .returning();
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  await retireEmailTokens(db, customer.id, "reset_password", now);
  await invalidateOtherCustomerSessions(db, customer.id, null);
  await forgetDevices(db, { kind: "customer", id: customer.id });
  return { ...(await signInCustomer(db, customer.id, null, now)), customer };
}

/**
 * The portal's password change: the current password is checked (a few tries, then a growing
 * wait, so a borrowed session cannot guess it), and every other session of the customer ends.
 */
export async function changeCustomerPassword(
  db: Db,
  input: { customerId: number; keepSessionId: string; currentPassword: string; newPassword: string },
  now = new Date(),
) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, input.customerId));
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  await enforceLimit(db, LIMITS.passwordCheckPerAccount, `customer:${customer.id}`, now);
  if (!customer.passwordHash || !(await verifyPassword(customer.passwordHash, input.currentPassword))) {
    throw new InvalidInputError(CURRENT_PASSWORD_WRONG, "currentPassword");
  }
  await clearLimit(db, LIMITS.passwordCheckPerAccount, `customer:${customer.id}`);
  await db
    .update(customers)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
    .where(eq(customers.id, customer.id));
  await retireEmailTokens(db, customer.id, "reset_password", now);
  await invalidateOtherCustomerSessions(db, customer.id, input.keepSessionId);
  await sendEmail(db, passwordChangedEmail(customer));
}
