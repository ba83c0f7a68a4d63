import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { hashToken } from "@/server/auth/tokens";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { hashPassword } from "@/server/auth/password";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { appUrl } from "@/server/email/app-url";
import { sendEmail } from "@/server/email/send-email";
import { claimEmail, invitationEmail } from "@/server/email/templates/accounts";
import { consumeEmailToken, createEmailToken, findUsableEmailToken, LINK_MESSAGES, retireEmailTokens } from "./email-tokens";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const ALREADY_HAS_ACCOUNT = "This customer already has a portal account.";

type Recipient = { id: number; email: string; fullName: string };

function setPasswordLink(token: string) {
  return { url: appUrl(`/customer/register?invite=${token}`), token };
}

/** Staff invite a customer they manage to the portal: an email with a link to choose a password. */
export async function inviteCustomer(db: Db, customerId: number, now = new Date()) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  if (customer.passwordHash) throw new ConflictError(ALREADY_HAS_ACCOUNT);
  const token = await createEmailToken(db, customer, "invite", now);
  await sendEmail(db, invitationEmail(customer, setPasswordLink(token)));
  return { email: customer.email };
}

/**
 * Someone registered (or asked for a password reset) with the email of a record that has no
 * password: the record's own inbox gets the link that opens the account. The caller applies the
 * email limits.
 */
export async function sendClaimLink(db: Db, record: Recipient, now = new Date(), typed: TypedPassword | null = null) {
  const held = typed ? { pendingPasswordHash: typed.passwordHash, browserProofHash: hashToken(typed.browserProof) } : null;
  const token = await createEmailToken(db, record, "invite", now, held);
  await sendEmail(db, claimEmail(record, setPasswordLink(token)));
}

/** The password someone typed when registering with a booking's email, and the secret their browser keeps. */
export interface TypedPassword {
  passwordHash: string;
  browserProof: string;
}

/** Who an invitation is for, so the set-password form can greet them; refuses unusable links. */
export async function describeInvitation(db: Db, token: string, now = new Date()) {
  const row = await findUsableEmailToken(db, token, "invite", now);
  const [customer] = await db
    .select({ fullName: customers.fullName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return customer;
}

/**
 * The link reached the record's own inbox, so opening it proves the email: the account is verified
 * at once and shows the whole history. The caller signs the customer in.
 */
export async function acceptInvitation(db: Db, input: { token: string; password: string }, now = new Date()) {
  const consumed = await consumeEmailToken(db, input.token, "invite", now);
  return openAccount(db, consumed.customerId, await hashPassword(input.password), now);
}

/**
 * The claim link opened in the browser that registered: the link proves the email and the browser's
 * secret proves it is the person who typed the password, so that password stands and no second one
 * is asked. Null (nothing used up) anywhere else, or for a link that holds no typed password: the
 * link then asks for a password. A password typed by someone who never read the inbox never
 * becomes the account's, because the link only reaches the inbox.
 */
export async function claimInThisBrowser(db: Db, input: { token: string; browserProof: string | null }, now = new Date()) {
  if (!input.browserProof) return null;
  const row = await findUsableEmailToken(db, input.token, "invite", now).catch(() => null);
  if (!row?.pendingPasswordHash || !row.browserProofHash || !sameHash(hashToken(input.browserProof), row.browserProofHash)) return null;
  const consumed = await consumeEmailToken(db, input.token, "invite", now);
  return openAccount(db, consumed.customerId, row.pendingPasswordHash, now);
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

async function openAccount(db: Db, customerId: number, passwordHash: string, now: Date) {
  const [customer] = await db
    .update(customers)
    .set({ passwordHash, isVerified: true, registeredAt: now, updatedAt: now })
    .where(and(eq(customers.id, customerId), isNull(customers.passwordHash)))
    .returning();
  // Another link of the same record was used first.
  if (!customer) throw new InvalidInputError(LINK_MESSAGES.used, "token");
  await retireEmailTokens(db, customer.id, "invite", now);
  return customer;
}
