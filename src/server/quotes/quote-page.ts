import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "@/server/db";
import { quoteAcceptances, quotes, services } from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { emit } from "@/server/events/emit";
import { openQuote, type QuoteAccess } from "./quote-access";
import { webhookQuote } from "./quote-link";
import { QUOTE_ALREADY_ACCEPTED, versionTotals, type LoadedVersion, type QuoteRow } from "./quotes";
import { formatPostalAddress } from "@/lib/postal-address";
import { cityOfZip } from "@/server/locations/geocoder";
import { loadQuoteProgram, stillAsWritten } from "./quote-program";

async function latestAcceptance(db: Db, quoteId: number) {
  const [row] = await db
    .select()
    .from(quoteAcceptances)
    .where(and(eq(quoteAcceptances.quoteId, quoteId), ne(quoteAcceptances.status, "void")))
    .orderBy(desc(quoteAcceptances.id))
    .limit(1);
  return row ?? null;
}

/** What the customer's page shows: the latest version, its lines, terms and plan, and any acceptance. */
async function pageOf(db: Db, quote: QuoteRow, version: LoadedVersion) {
  const acceptance = await latestAcceptance(db, quote.id);
  const [planService] = version.planServiceId
    ? await db.select({ name: services.name }).from(services).where(eq(services.id, version.planServiceId))
    : [];
  const program = await loadQuoteProgram(db, version);
  return {
    reference: `Q-${quote.id}`,
    status: quote.status,
    version: version.version,
    fullName: quote.fullName,
    // Quotes saved before the city was taken from the ZIP print it too.
    address: formatPostalAddress({ ...quote, city: quote.city ?? cityOfZip(quote.zipCode) }),
    message: version.message,
    terms: version.terms,
    expiresOn: version.expiresOn,
    taxRateBasisPoints: version.taxRateBasisPoints,
    items: version.items.map((item) => ({
      id: item.id,
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      optional: item.optional,
    })),
    plan: {
      kind: version.planKind,
      serviceName: planService?.name ?? null,
      frequency: version.planFrequency,
      firstDate: version.planFirstDate,
      startTime: version.planStartTime,
      durationMinutes: version.planDurationMinutes,
      endDate: version.planEndDate,
      pricePerVisit: version.planPricePerVisit,
      program: program && {
        name: program.name,
        season: program.season,
        autoRenew: version.planAutoRenew,
        rounds: program.rounds.map(({ position: _, ...round }) => round),
        asWritten: stillAsWritten(program, version),
      },
    },
    deposit: { kind: version.depositKind, value: version.depositValue },
    totals: versionTotals(version),
    acceptance: acceptance
      ? {
          status: acceptance.status as "awaiting_deposit" | "accepted",
          version: acceptance.version,
          signedName: acceptance.signedName,
          acceptedAt: acceptance.acceptedAt,
          optionalItemIds: acceptance.optionalItemIds,
          total: acceptance.total,
          deposit: acceptance.deposit,
        }
      : null,
    declinedAt: quote.declinedAt,
    // My Account fills it in (src/server/quotes/customer-router.ts); the emailed link never offers a card.
    savedCard: null as { brand: string; last4: string } | null,
  };
}

export type QuotePage = Awaited<ReturnType<typeof pageOf>>;

/** The customer opens the quote (its link, or in the portal): the page, and a sent quote becomes viewed. */
export async function viewQuotePage(db: Db, access: QuoteAccess, now = new Date()): Promise<QuotePage> {
  const { quote, version } = await openQuote(db, access, now);
  let current = quote;
  if (quote.status === "sent") {
    const [viewed] = await db
      .update(quotes)
      .set({ status: "viewed", viewedAt: now })
      .where(and(eq(quotes.id, quote.id), eq(quotes.status, "sent")))
      .returning();
    current = viewed ?? quote;
  }
  return pageOf(db, current, version);
}

/** The customer says no, with a reason if they give one; staff may still revise and send again. */
export async function declineQuote(db: Db, access: QuoteAccess, reason: string | null | undefined, now = new Date()) {
  return db.transaction(async (tx) => {
    const { quote, version } = await openQuote(tx, access, now, { lock: true });
    if (quote.status === "accepted") throw new ConflictError(QUOTE_ALREADY_ACCEPTED);
    await tx
      .update(quoteAcceptances)
      .set({ status: "void" })
      .where(and(eq(quoteAcceptances.quoteId, quote.id), ne(quoteAcceptances.status, "void")));
    const [declined] = await tx
      .update(quotes)
      .set({ status: "declined", declinedAt: now, declineReason: reason || null, updatedAt: now })
      .where(eq(quotes.id, quote.id))
      .returning();
    await emit(tx, {
      type: "quote.declined",
      data: { quote: webhookQuote(declined!, version), reason: reason || null, declinedAt: now.toISOString() },
      now,
    });
    return pageOf(tx, declined!, version);
  });
}

export { pageOf };
