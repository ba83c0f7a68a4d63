import { and, desc, eq, ne } from "drizzle-orm";
import { QUOTE_MESSAGES } from "@/lib/validation/quotes";
import { normalizeEmail } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { quoteAcceptances, quotes, services } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";
import { emitWebhookEvent } from "@/server/webhooks/events";
import { quoteOfToken, webhookQuote } from "./quote-link";
import { QUOTE_ALREADY_ACCEPTED, versionTotals, type LoadedVersion, type QuoteRow } from "./quotes";

/** Who opens a quote's page: a signed-in customer, or nobody signed in. */
export type QuoteViewer = { id: number; email: string } | null;

/**
 * A quote's page is reached by its link alone, with or without an account; but a customer signed
 * in as someone else never sees it (it answers as an unknown link), so a shared computer or a
 * forwarded link does not show one customer's quote inside another's session.
 * docs/product-rules.md#quotes
 */
function assertViewer(quote: QuoteRow, viewer: QuoteViewer) {
  if (!viewer) return;
  if (quote.customerId === viewer.id || quote.email === normalizeEmail(viewer.email)) return;
  throw new NotFoundError(QUOTE_MESSAGES.token);
}

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
  return {
    reference: `Q-${quote.id}`,
    status: quote.status,
    version: version.version,
    fullName: quote.fullName,
    address: [quote.address, quote.city, `${quote.state} ${quote.zipCode}`].filter(Boolean).join(", "),
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
  };
}

export type QuotePage = Awaited<ReturnType<typeof pageOf>>;

/** The customer opens the link: the page, and a sent quote becomes viewed. */
export async function viewQuotePage(db: Db, token: string, viewer: QuoteViewer, now = new Date()): Promise<QuotePage> {
  const { quote, version } = await quoteOfToken(db, token, now);
  assertViewer(quote, viewer);
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
export async function declineQuote(db: Db, token: string, reason: string | null | undefined, viewer: QuoteViewer, now = new Date()) {
  return db.transaction(async (tx) => {
    const { quote, version } = await quoteOfToken(tx, token, now, { lock: true });
    assertViewer(quote, viewer);
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
    await emitWebhookEvent(
      tx,
      "quote.declined",
      { quote: webhookQuote(declined!, version), reason: reason || null, declinedAt: now.toISOString() },
      now,
    );
    return pageOf(tx, declined!, version);
  });
}

export { assertViewer, pageOf };
