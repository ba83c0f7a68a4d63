import { and, eq, ne } from "drizzle-orm";
import { businessToday, formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { QUOTE_MESSAGES } from "@/lib/validation/quotes";
import { generateToken, hashToken } from "@/server/auth/tokens";
import type { Db } from "@/server/db";
import { quoteAcceptances, quotes } from "@/server/db/schema";
import { appUrl } from "@/server/email/app-url";
import { ConflictError, GoneError, InvalidInputError, NotFoundError } from "@/server/errors";
import { emit } from "@/server/events/emit";
import { sendQuoteLink } from "./quote-emails";
import { getQuote, loadVersion, lockQuote, QUOTE_ALREADY_ACCEPTED, versionTotals, type LoadedVersion, type QuoteRow } from "./quotes";
import { loadQuoteProgram, stillAsWritten } from "./quote-program";

export const QUOTE_DECLINED_SEND = "The customer declined this version: revise the quote to send them a new one.";
export const QUOTE_LINK_REVOKED = "This quote link was withdrawn. Please contact us for a new one.";
export const quoteExpiredMessage = (expiresOn: string) =>
  `This quote expired on ${formatBusinessDate(startOfBusinessDay(expiresOn), "MMMM d, yyyy")}. Please contact us for a new one.`;

/** What a quote.* webhook says of the quote. */
export function webhookQuote(quote: QuoteRow, version: LoadedVersion) {
  return {
    id: quote.id,
    version: version.version,
    status: quote.status,
    customerId: quote.customerId,
    fullName: quote.fullName,
    email: quote.email,
    total: versionTotals(version).total,
    expiresOn: version.expiresOn,
  };
}

/**
 * Sends the quote's link (by email, or as its customer chose). Each send makes a new single-purpose token (only its SHA-256 is kept)
 * and the link sent before stops working; the link lasts as long as the quote (its last day) and
 * staff can revoke it. docs/product-rules.md#quotes
 */
export async function sendQuote(db: Db, id: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (quote.status === "accepted") throw new ConflictError(QUOTE_ALREADY_ACCEPTED);
    // Sending the version the customer declined would reopen it; a revision makes a new one to send.
    if (quote.status === "declined") throw new ConflictError(QUOTE_DECLINED_SEND);
    const version = await loadVersion(tx, id, quote.currentVersion);
    if (version.expiresOn < businessToday(now)) {
      throw new InvalidInputError("This quote has expired: revise it with a later expiry date, then send it.", "expiresOn");
    }
    // A program's quote goes out only as it can be accepted: its program still sold, its season's rounds as priced.
    const program = await loadQuoteProgram(tx, version, now);
    if (program && !program.active) {
      throw new InvalidInputError(
        "This quote's lawn program was retired: revise the quote with an active program, then send it.",
        "plan.programId",
      );
    }
    if (!stillAsWritten(program, version)) {
      throw new InvalidInputError(
        "A round of this quote's lawn program has closed since it was written: revise the quote, then send it.",
        "plan",
      );
    }
    const token = generateToken();
    const [sent] = await tx
      .update(quotes)
      .set({
        tokenHash: hashToken(token),
        tokenRevokedAt: null,
        status: "sent",
        sentAt: now,
        firstSentAt: quote.firstSentAt ?? now,
        viewedAt: null,
        updatedAt: now,
      })
      .where(eq(quotes.id, id))
      .returning();
    const totals = versionTotals(version);
    await sendQuoteLink(
      tx,
      { ...sent!, version: version.version },
      { url: appUrl(`/q/${token}`), token },
      {
        ...totals,
        expiresOn: version.expiresOn,
        hasOptionalItems: version.items.some((item) => item.optional),
        message: version.message,
      },
    );
    await emit(tx, { type: "quote.sent", data: { quote: webhookQuote(sent!, version) }, now });
  });
  return getQuote(db, id, now);
}

/** The link stops working at once (410), and an acceptance still waiting for its deposit is void. */
export async function revokeQuoteLink(db: Db, id: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (quote.status === "accepted") throw new ConflictError(QUOTE_ALREADY_ACCEPTED);
    if (!quote.tokenHash) throw new ConflictError("This quote has not been sent: there is no link to revoke.");
    await tx.update(quotes).set({ tokenRevokedAt: now, updatedAt: now }).where(eq(quotes.id, id));
    await tx
      .update(quoteAcceptances)
      .set({ status: "void" })
      .where(and(eq(quoteAcceptances.quoteId, id), ne(quoteAcceptances.status, "void")));
  });
  return getQuote(db, id, now);
}

/**
 * The quote a link names, its current version included. Unknown: 404. Revoked, or past its last
 * day without an acceptance: 410. With `lock`, the quote's row stays locked for the caller's
 * transaction (accepting and declining queue on it with revisions).
 */
export async function quoteOfToken(db: Db, token: string, now: Date, options: { lock?: boolean } = {}) {
  const [found] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.tokenHash, hashToken(token)));
  if (!found) throw new NotFoundError(QUOTE_MESSAGES.token);
  const quote = options.lock ? await lockQuote(db, found.id) : (await db.select().from(quotes).where(eq(quotes.id, found.id)))[0]!;
  // The lock waited for a send that replaced this link.
  if (quote.tokenHash !== hashToken(token)) throw new NotFoundError(QUOTE_MESSAGES.token);
  return usableQuote(db, quote, now, QUOTE_LINK_REVOKED);
}

/**
 * A quote the customer reached (by its link or in the portal) with its current version, unless
 * staff withdrew it (its link revoked: 410) or it is past its last day without an acceptance (410).
 */
export async function usableQuote(db: Db, quote: QuoteRow, now: Date, revokedMessage: string) {
  if (quote.tokenRevokedAt) throw new GoneError(revokedMessage);
  const version = await loadVersion(db, quote.id, quote.currentVersion);
  if (quote.status !== "accepted" && version.expiresOn < businessToday(now)) throw new GoneError(quoteExpiredMessage(version.expiresOn));
  return { quote, version };
}
