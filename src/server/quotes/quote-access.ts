import { and, eq, ne } from "drizzle-orm";
import { QUOTE_MESSAGES } from "@/lib/validation/quotes";
import { normalizeEmail } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { quotes } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { ownedQuotes } from "@/server/ownership/ownership";
import { quoteOfToken, usableQuote } from "./quote-link";
import { QUOTE_NOT_FOUND, type QuoteRow } from "./quotes";

export const QUOTE_WITHDRAWN = "This quote was withdrawn. Please contact us for a new one.";

/** Who opens a quote's page by its link: a signed-in customer, or nobody signed in. */
export type QuoteViewer = { id: number; email: string } | null;

/**
 * How the customer reached a quote: the emailed link's token (with whoever is signed in), or
 * their own account in the portal, which never needs nor reveals the token.
 */
export type QuoteAccess = { token: string; viewer: QuoteViewer } | { customerId: number; quoteId: number };

/**
 * A quote's page is reached by its link alone, with or without an account; but a customer signed
 * in as someone else never sees it (it answers as an unknown link), so a shared computer or a
 * forwarded link does not show one customer's quote inside another's session.
 * docs/product-rules.md#quotes
 */
export function assertViewer(quote: QuoteRow, viewer: QuoteViewer) {
  if (!viewer) return;
  if (quote.customerId === viewer.id || quote.email === normalizeEmail(viewer.email)) return;
  throw new NotFoundError(QUOTE_MESSAGES.token);
}

/**
 * One of the signed-in customer's quotes, by the ownership rule (docs/product-rules.md#who-owns-a-visit):
 * anyone else's, a draft, or one that does not exist all answer the same 404. With `lock`, the
 * quote's row stays locked for the caller's transaction, as quoteOfToken's does.
 */
export async function quoteOfCustomer(db: Db, customerId: number, quoteId: number, now: Date, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), ne(quotes.status, "draft"), ownedQuotes(customerId)));
  const [quote] = options.lock ? await query.for("update") : await query;
  if (!quote) throw new NotFoundError(QUOTE_NOT_FOUND);
  return usableQuote(db, quote, now, QUOTE_WITHDRAWN);
}

/** The quote and its current version, reached by its link or in the portal (see QuoteAccess). */
export async function openQuote(db: Db, access: QuoteAccess, now: Date, options: { lock?: boolean } = {}) {
  if ("customerId" in access) return quoteOfCustomer(db, access.customerId, access.quoteId, now, options);
  const found = await quoteOfToken(db, access.token, now, options);
  assertViewer(found.quote, access.viewer);
  return found;
}
