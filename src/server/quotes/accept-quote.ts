import { and, asc, eq } from "drizzle-orm";
import type { TAcceptQuote } from "@/lib/validation/quotes";
import { findOrCreateCustomer } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { customers, payments, quoteAcceptances, quotes, visits } from "@/server/db/schema";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { emit } from "@/server/events/emit";
import { announceQuoteAccepted, confirmQuoteAcceptance } from "./quote-emails";
import { openQuote, type QuoteAccess, type QuoteViewer } from "./quote-access";
import { webhookQuote } from "./quote-link";
import { createQuotePlan, creditDeposit } from "./quote-plan";
import { assertProgramQuoteAcceptable, enrollFromQuote } from "./quote-enrollment";
import { loadVersion, lockQuote, QUOTE_ALREADY_ACCEPTED, QUOTE_DECLINED, versionTotals, type LoadedVersion, type QuoteRow } from "./quotes";
import type { Enrollment } from "@/server/programs/enrollments";

type QuoteAcceptanceRow = typeof quoteAcceptances.$inferSelect;

export const QUOTE_CHANGED = "This quote was updated after you opened it. Please review the latest version and accept again.";

/** The quote's customer record: the one it was made for, else the one with its email, else a new one. */
async function customerFor(tx: Db, quote: QuoteRow): Promise<number> {
  if (quote.customerId !== null) {
    const [found] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, quote.customerId));
    if (found) return found.id;
  }
  const { customerId } = await findOrCreateCustomer(
    tx,
    {
      fullName: quote.fullName,
      email: quote.email,
      phone: quote.phone,
      address: quote.address,
      city: quote.city,
      state: quote.state,
      zipCode: quote.zipCode,
    },
    "quote",
  );
  return customerId;
}

/**
 * The customer accepts the version they read, by typing their name and ticking the terms; we
 * record the name, time, client address, version and chosen optional items. Staff revising the
 * quote and the customer accepting it queue on the quote's row: if the revision came first the
 * acceptance names an old version and is refused (409), if the acceptance came first the quote is
 * accepted and the revision is refused. With a deposit due the acceptance waits for the deposit's
 * payment (finishAcceptance, from the card provider's webhook). docs/product-rules.md#quotes
 */
export async function acceptQuote(db: Db, input: TAcceptQuote, viewer: QuoteViewer, clientAddress: string, now = new Date()) {
  const { token, ...answer } = input;
  return acceptOpenedQuote(db, { token, viewer }, answer, clientAddress, now);
}

/** The customer's acceptance, however they reached the quote (its link or the portal): see acceptQuote. */
export async function acceptOpenedQuote(
  db: Db,
  access: QuoteAccess,
  input: Omit<TAcceptQuote, "token">,
  clientAddress: string,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const { quote, version } = await openQuote(tx, access, now, { lock: true });
    if (quote.status === "accepted") throw new ConflictError(QUOTE_ALREADY_ACCEPTED);
    // A no is final until staff revise the quote (docs/product-rules.md#quotes); past its last day
    // openQuote has already answered 410.
    if (quote.status === "declined") throw new ConflictError(QUOTE_DECLINED);
    if (input.version !== quote.currentVersion) throw new ConflictError(QUOTE_CHANGED);
    await assertProgramQuoteAcceptable(tx, quote, version, now);
    const optional = new Set(version.items.filter((item) => item.optional).map((item) => item.id));
    const chosen = [...new Set(input.optionalItemIds)];
    if (chosen.some((id) => !optional.has(id))) throw new InvalidInputError("Choose only the quote's optional items", "optionalItemIds");
    const totals = versionTotals(version, chosen);

    // Accepting again while a deposit is due replaces the earlier choice.
    await tx
      .update(quoteAcceptances)
      .set({ status: "void" })
      .where(and(eq(quoteAcceptances.quoteId, quote.id), eq(quoteAcceptances.status, "awaiting_deposit")));
    const [acceptance] = await tx
      .insert(quoteAcceptances)
      .values({
        quoteId: quote.id,
        versionId: version.id,
        version: version.version,
        signedName: input.signedName,
        acceptedAt: now,
        clientAddress,
        optionalItemIds: chosen,
        ...totals,
        status: totals.deposit > 0 ? "awaiting_deposit" : "accepted",
      })
      .returning();

    if (totals.deposit === 0) {
      await finishAcceptance(tx, acceptance!.id, now);
      return { status: "accepted" as const, deposit: 0 };
    }
    // The deposit is a card payment of the quote's customer (created now if new), paid on the page.
    const customerId = await customerFor(tx, quote);
    await tx.update(quotes).set({ customerId, updatedAt: now }).where(eq(quotes.id, quote.id));
    const [payment] = await tx
      .insert(payments)
      .values({
        customerId,
        amount: totals.deposit,
        status: "pending",
        method: "card",
        billedEmail: quote.email,
        metadata: { quoteId: quote.id, quoteAcceptanceId: acceptance!.id, description: `Deposit for quote Q-${quote.id}` },
      })
      .returning({ id: payments.id });
    await tx.update(quoteAcceptances).set({ paymentId: payment!.id }).where(eq(quoteAcceptances.id, acceptance!.id));
    return { status: "awaiting_deposit" as const, deposit: totals.deposit };
  });
}

/**
 * Makes a recorded acceptance final: the customer (through the one customers repository), the
 * plan and its visits with the deposit credited against the first ones (or, for a lawn program,
 * the enrollment with the deposit credited against its first rounds), the office told, and
 * `quote.accepted`. Runs once: a second call (a replayed webhook) finds it done and does nothing,
 * and an acceptance made void by a revision or a revoked link never becomes a plan.
 */
export async function finishAcceptance(tx: Db, acceptanceId: number, now = new Date()) {
  const [pending] = await tx
    .select({ quoteId: quoteAcceptances.quoteId })
    .from(quoteAcceptances)
    .where(eq(quoteAcceptances.id, acceptanceId));
  if (!pending) return null;
  // The quote's row first, as revisions lock it, so the two never wait on each other in a circle.
  const quote = await lockQuote(tx, pending.quoteId);
  const [acceptance] = await tx.select().from(quoteAcceptances).where(eq(quoteAcceptances.id, acceptanceId)).for("update");
  if (!acceptance || (acceptance.status !== "awaiting_deposit" && acceptance.status !== "accepted")) return null;
  if (acceptance.completedAt !== null || quote.status === "accepted") return null;
  if (acceptance.version !== quote.currentVersion) {
    await tx.update(quoteAcceptances).set({ status: "void" }).where(eq(quoteAcceptances.id, acceptanceId));
    return null;
  }
  const version = await loadVersion(tx, quote.id, acceptance.version);
  const customerId = await customerFor(tx, quote);
  const made = await makeWhatWasAccepted(tx, { customerId, quote, version, acceptance, now });
  await tx
    .update(quoteAcceptances)
    .set({ status: "accepted", scheduleId: made.scheduleId, visitsNeedingTime: made.visitsNeedingTime, completedAt: now })
    .where(eq(quoteAcceptances.id, acceptanceId));
  const [accepted] = await tx
    .update(quotes)
    .set({ status: "accepted", acceptedAt: now, scheduleId: made.scheduleId, customerId, updatedAt: now })
    .where(eq(quotes.id, quote.id))
    .returning();
  const program = made.enrollment && {
    name: made.enrollment.programName,
    season: made.enrollment.season,
    firstRound: made.enrollment.nextRound,
  };
  await announceQuoteAccepted(tx, accepted!, {
    id: acceptance.id,
    total: acceptance.total,
    deposit: acceptance.deposit,
    signedName: acceptance.signedName,
    visitsNeedingTime: made.visitsNeedingTime.length,
    program,
  });
  await confirmQuoteAcceptance(tx, accepted!, acceptance, program ? { program } : await firstVisitOf(tx, made, version));
  await emit(tx, {
    type: "quote.accepted",
    data: {
      quote: webhookQuote(accepted!, version),
      acceptance: {
        signedName: acceptance.signedName,
        acceptedAt: acceptance.acceptedAt.toISOString(),
        total: acceptance.total,
        deposit: acceptance.deposit,
        scheduleId: made.scheduleId,
        enrollmentId: made.enrollment?.id ?? null,
        visitsNeedingTime: made.visitsNeedingTime.length,
      },
    },
    now,
  });
  return made;
}

type Made = { scheduleId: number | null; visitsNeedingTime: number[]; enrollment: Enrollment | null };

/** A plan with its visits (the deposit credited against them), or a lawn program's enrollment. */
async function makeWhatWasAccepted(
  tx: Db,
  input: { customerId: number; quote: QuoteRow; version: LoadedVersion; acceptance: QuoteAcceptanceRow; now: Date },
): Promise<Made> {
  if (input.version.planKind === "program") {
    return { scheduleId: null, visitsNeedingTime: [], enrollment: await enrollFromQuote(tx, input) };
  }
  const plan = await createQuotePlan(tx, input);
  if (input.acceptance.deposit > 0) await creditDeposit(tx, plan.scheduleId, input.acceptance.deposit);
  return { ...plan, enrollment: null };
}

/** When the plan's first visit is, for the customer's copy: or that it still needs a time. */
async function firstVisitOf(tx: Db, made: Made, version: LoadedVersion) {
  const [firstVisit] = made.scheduleId
    ? await tx
        .select({ startTime: visits.startTime, id: visits.id })
        .from(visits)
        .where(eq(visits.scheduleId, made.scheduleId))
        .orderBy(asc(visits.startTime))
        .limit(1)
    : [];
  return {
    firstVisit: firstVisit?.startTime ?? null,
    firstVisitNeedsTime: firstVisit ? made.visitsNeedingTime.includes(firstVisit.id) : false,
    recurring: version.planKind === "recurring",
  };
}
