import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customerEmailTokens, customers } from "@/server/db/schema";
import { generateToken, hashToken } from "@/server/auth/tokens";
import { InvalidInputError } from "@/server/errors";

export type EmailTokenPurpose = "verify_email" | "invite";

/** Links in emails work once and for 24 hours (beyond.md 15). */
export const EMAIL_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const LINK_MESSAGES = {
  invalid: "This link is not valid. Please check that you copied the whole link from the email.",
  used: "This link has already been used. Please log in, or ask for a new link.",
  expired: "This link has expired. Links work for 24 hours: please ask for a new one.",
} as const;

/** Creates a link token; only its hash is stored, so the table cannot hand out working links. */
export async function createEmailToken(
  db: Db,
  customer: { id: number; email: string },
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = generateToken();
  await db.insert(customerEmailTokens).values({
    tokenHash: hashToken(token),
    customerId: customer.id,
    purpose,
    email: customer.email.toLowerCase(),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS),
    createdAt: now,
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
  if (row.token.expiresAt <= now) throw new InvalidInputError(LINK_MESSAGES.expired, "token");
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

/** When the customer last asked for a link of this kind, to space out resends. */
export async function latestEmailTokenAt(db: Db, customerId: number, purpose: EmailTokenPurpose) {
  const [row] = await db
    .select({ createdAt: sql<Date>`max(${customerEmailTokens.createdAt})`.mapWith(customerEmailTokens.createdAt) })
    .from(customerEmailTokens)
    .where(and(eq(customerEmailTokens.customerId, customerId), eq(customerEmailTokens.purpose, purpose)));
  return row?.createdAt ?? null;
}
