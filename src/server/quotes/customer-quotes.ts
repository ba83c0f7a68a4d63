import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { quoteAcceptances, quotes, quoteVersions } from "@/server/db/schema";
import { ownedQuotes } from "@/server/ownership/ownership";
import { effectiveStatus, loadVersion, versionTotals } from "./quotes";

/** The most quotes My Account lists. */
const LIST_LIMIT = 100;

/**
 * The signed-in customer's quotes for My Account, newest sent first: only those the account owns
 * by the ownership rule (docs/product-rules.md#who-owns-a-visit), never a draft, and not one
 * staff withdrew (its link revoked) until they send it again.
 */
export async function listCustomerQuotes(db: Db, customerId: number, now = new Date()) {
  const rows = await db
    .select({
      quote: quotes,
      expiresOn: quoteVersions.expiresOn,
      acceptance: { status: quoteAcceptances.status, total: quoteAcceptances.total, deposit: quoteAcceptances.deposit },
    })
    .from(quotes)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)))
    .leftJoin(quoteAcceptances, and(eq(quoteAcceptances.quoteId, quotes.id), ne(quoteAcceptances.status, "void")))
    .where(and(ne(quotes.status, "draft"), isNull(quotes.tokenRevokedAt), ownedQuotes(customerId)))
    .orderBy(sql`${quotes.sentAt} desc nulls last`, desc(quotes.id))
    .limit(LIST_LIMIT);

  const list = [];
  for (const { quote, expiresOn, acceptance } of rows) {
    const total =
      acceptance?.status === "accepted" ? acceptance.total : versionTotals(await loadVersion(db, quote.id, quote.currentVersion)).total;
    list.push({
      id: quote.id,
      reference: `Q-${quote.id}`,
      status: effectiveStatus(quote.status, expiresOn, now),
      version: quote.currentVersion,
      total,
      expiresOn,
      sentAt: quote.sentAt,
      depositDue: acceptance?.status === "awaiting_deposit" ? acceptance.deposit : 0,
    });
  }
  return list;
}
