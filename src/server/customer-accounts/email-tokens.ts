import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customerEmailTokens, customers } from "@/server/db/schema";
import { generateToken, hashToken } from "@/server/auth/tokens";
import { InvalidInputError } from "@/server/errors";

/**
 * verify_email confirms an address; invite lets a record without a password choose its first one
 * (a staff invitation, or someone registering with the email a booking left); reset_password
 * replaces a forgotten password.
 */
export type EmailTokenPurpose = "verify_email" | "invite" | "reset_password";

/** Links in emails work once; a password reset link for an hour, the others for a day. */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  invite: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

export const LINK_MESSAGES = {
  invalid: "This link is not valid. Please check that you copied the whole link from the email.",
  used: "This link has already been used. Please log in, or ask for a new link.",
  expired: "This link has expired. Links work for 24 hours: please ask for a new one.",
  resetExpired: "This link has expired. Password reset links work for 1 hour: please ask for a new one.",
} as const;

/** Creates a link token; only its hash is stored, so the table cannot hand out working links. */
export async function createEmailToken(
  db: Db,
  customer: { id: number; email: string },
  purpose: EmailTokenPurpose,
  now = new Date(),
  held: { pendingPasswordHash: string; browserProofHash: string } | null = null,
): Promise<string> {
  const token = generateToken();
  await db.insert(customerEmailTokens).values({
    tokenHash: hashToken(token),
    customerId: customer.id,
    purpose,
    email: customer.email.toLowerCase(),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
    createdAt: now,
    ...held,
  });
  return token;
}

/** The unused, unexpired token row for a link, or a clear refusal saying why it cannot be used. */
export async function findUsableEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now = new Date()) {
  const [row] = await db
    .select({ token: customerEmailTokens, customerEmail: customers.email })
    .from(customerEmailTokens)
    .innerJoin(customers, eq(customers.id, customerEmailTokens.customerId))
    .where(and(eq(customerEmailTokens.tokenHash, hashToken(token.trim())), eq(customerEmailTokens.purpose, purpose)));
  // A link sent to an address the customer has since changed proves nothing about the new one.
  if (!row || row.customerEmail.toLowerCase() !== row.token.email) throw new InvalidInputError(LINK_MESSAGES.invalid, "token");
  if (row.token.usedAt) throw new InvalidInputError(LINK_MESSAGES.used, "token");
  if (row.token.expiresAt <= now) {
    throw new InvalidInputError(purpose === "reset_password" ? LINK_MESSAGES.resetExpired : LINK_MESSAGES.expired, "token");
  }
  return row.token;
}

/**
 * Marks the token used. The conditional update is what makes a link single-use even when the
 * same link is opened twice at once: only one request gets the row back.
 */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now = new Date()) {
  const row = await findUsableEmailToken(db, token, purpose, now);
  const [consumed] = await db
    .update(customerEmailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerEmailTokens.id, row.id),
        isNull(customerEmailTokens.usedAt),
        gt(customerEmailTokens.expiresAt, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .returning();
  if (!consumed) throw new InvalidInputError(LINK_MESSAGES.used, "token");
  return consumed;
}

/** Every unused link of this kind for the customer stops working, e.g. older reset links after a reset. */
export async function retireEmailTokens(db: Db, customerId: number, purpose: EmailTokenPurpose, now = new Date()) {
  await db
    .update(customerEmailTokens)
    .set({ usedAt: now })
    .where(
      and(eq(customerEmailTokens.customerId, customerId), eq(customerEmailTokens.purpose, purpose), isNull(customerEmailTokens.usedAt)),
    );
}
