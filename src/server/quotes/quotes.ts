import { and, asc, desc, eq, ne } from "drizzle-orm";
import { businessToday } from "@/lib/business-time";
import type { QuoteStatus } from "@/lib/quote-enums";
import { quoteTotals } from "@/lib/quote-totals";
import type { TCreateQuote, TQuoteOffer } from "@/lib/validation/quotes";
import { normalizeEmail } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import {
  customers,
  enrollments,
  quoteAcceptances,
  quoteLineItems,
  quoteRequests,
  quotes,
  quoteVersions,
  services,
  visits,
} from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { getQuoteSettings } from "./quote-settings";
import { assertQuotableProgram, loadQuoteProgram, type QuoteProgram } from "./quote-program";
import { cityOfZip } from "@/server/locations/geocoder";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const QUOTE_NOT_FOUND = "Quote not found";
export const QUOTE_ALREADY_ACCEPTED = "This quote was accepted and became a plan; it cannot be changed.";
export const QUOTE_DECLINED = "This quote was declined. If you have changed your mind, please contact us for a new version.";
export const DEFAULT_QUOTE_TERMS =
  "Prices include materials and labour as listed. Tax is added at the rate shown. Visits may move for rain; we will tell you. " +
  "You can skip, move or pause visits of a recurring plan in My Account, outside the notice window.";

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;
export type QuoteLineRow = typeof quoteLineItems.$inferSelect;

/** A version with its lines, in order. */
export async function loadVersion(db: Db, quoteId: number, version: number) {
  const [row] = await db
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.version, version)));
  if (!row) throw new NotFoundError(QUOTE_NOT_FOUND);
  const items = await db.select().from(quoteLineItems).where(eq(quoteLineItems.versionId, row.id)).orderBy(asc(quoteLineItems.position));
  return { ...row, items };
}

export type LoadedVersion = Awaited<ReturnType<typeof loadVersion>>;

/** A version's totals with the given optional items (none: what the quote costs as it stands). */
export function versionTotals(version: LoadedVersion, selectedOptionalIds: readonly number[] = []) {
  return quoteTotals(version.items, {
    taxRateBasisPoints: version.taxRateBasisPoints,
    selectedOptionalIds,
    depositKind: version.depositKind,
    depositValue: version.depositValue,
  });
}

/** A quote's row, locked until the transaction ends: sending, revising and accepting queue on it. */
export async function lockQuote(tx: Db, id: number): Promise<QuoteRow> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
  if (!row) throw new NotFoundError(QUOTE_NOT_FOUND);
  return row;
}

async function assertCatalogueIds(db: Db, offer: TQuoteOffer) {
  const ids = [...offer.items.map((item) => item.serviceId), offer.plan.serviceId].filter((id): id is number => id != null);
  for (const id of new Set(ids)) {
    const [found] = await db.select({ id: services.id }).from(services).where(eq(services.id, id));
    if (!found) throw new InvalidInputError("Choose a service from the catalogue", "serviceId");
  }
}

function assertOfferDates(offer: TQuoteOffer, now: Date) {
  const today = businessToday(now);
  if (offer.expiresOn < today) throw new InvalidInputError("The expiry date must be today or later", "expiresOn");
}

/** A program's plan "starts" on its first round still to come; it has no time of its own (rounds-due books each). */
const PROGRAM_PLAN_TIME = "09:00";

/** The plan's columns of a version: its own dates and times, or a program's season and lawn. */
function planColumns(offer: TQuoteOffer, program: QuoteProgram | null) {
  const { plan } = offer;
  if (plan.kind === "program" && program) {
    return {
      planKind: plan.kind,
      planServiceId: null,
      planFrequency: null,
      planFirstDate: program.rounds[0]?.opensOn ?? `${program.season}-01-01`,
      planStartTime: PROGRAM_PLAN_TIME,
      planDurationMinutes: plan.durationMinutes,
      planEndDate: null,
      planPricePerVisit: plan.pricePerVisit ?? null,
      planProgramId: program.id,
      planLawnSizeSqFt: plan.lawnSizeSqFt ?? null,
      planAutoRenew: plan.autoRenew,
      planSeason: program.season,
      planRounds: program.rounds.length,
    };
  }
  return {
    planKind: plan.kind,
    planServiceId: plan.serviceId ?? null,
    planFrequency: plan.kind === "recurring" ? (plan.frequency ?? "weekly") : null,
    // The schema requires both for a visit plan.
    planFirstDate: plan.firstDate!,
    planStartTime: plan.startTime!,
    planDurationMinutes: plan.durationMinutes,
    planEndDate: plan.kind === "recurring" ? (plan.endDate ?? null) : null,
    planPricePerVisit: plan.pricePerVisit ?? null,
    planProgramId: null,
    planLawnSizeSqFt: null,
    planAutoRenew: true,
    planSeason: null,
    planRounds: null,
  };
}

/** The program a program's plan names, checked as sold; null for a visit plan. */
async function offeredProgram(db: Db, offer: TQuoteOffer, now: Date) {
  return offer.plan.kind === "program" ? assertQuotableProgram(db, offer.plan.programId!, now) : null;
}

/** Writes one version's row and lines. */
async function insertVersion(
  tx: Db,
  quoteId: number,
  version: number,
  offer: TQuoteOffer,
  program: QuoteProgram | null,
  taxRateBasisPoints: number,
  staffUserId: number | null,
) {
  const [row] = await tx
    .insert(quoteVersions)
    .values({
      quoteId,
      version,
      taxRateBasisPoints,
      expiresOn: offer.expiresOn,
      terms: offer.terms || DEFAULT_QUOTE_TERMS,
      message: offer.message || null,
      ...planColumns(offer, program),
      depositKind: offer.deposit.kind,
      depositValue: offer.deposit.kind === "none" ? 0 : offer.deposit.value,
      createdByUserId: staffUserId,
    })
    .returning({ id: quoteVersions.id });
  await tx.insert(quoteLineItems).values(
    offer.items.map((item, position) => ({
      versionId: row!.id,
      position,
      serviceId: item.serviceId ?? null,
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      optional: item.optional,
    })),
  );
}

/** Whom the quote is for: a customer record, else a request, else the contact staff typed. */
async function contactOf(db: Db, input: TCreateQuote) {
  if (input.customerId != null) {
    const [customer] = await db.select().from(customers).where(eq(customers.id, input.customerId));
    if (!customer) throw new InvalidInputError(CUSTOMER_NOT_FOUND, "customerId");
    if (!customer.address || !customer.zipCode)
      throw new InvalidInputError("The customer has no address on file: add it first", "customerId");
    return {
      customerId: customer.id,
      fullName: customer.fullName,
      email: normalizeEmail(customer.email),
      phone: customer.phone,
      address: customer.address,
      city: customer.city,
      state: customer.state ?? "TX",
      zipCode: customer.zipCode,
    };
  }
  if (input.requestId != null) {
    const [request] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, input.requestId));
    if (!request) throw new InvalidInputError("Quote request not found", "requestId");
    return {
      customerId: request.customerId,
      fullName: request.name,
      email: request.email,
      phone: request.phone,
      address: request.address,
      city: request.city ?? cityOfZip(request.zipCode),
      state: "TX",
      zipCode: request.zipCode,
    };
  }
  if (!input.contact) throw new InvalidInputError("Choose a request or a customer, or enter the contact", "contact");
  return {
    customerId: null,
    ...input.contact,
    email: normalizeEmail(input.contact.email),
    phone: input.contact.phone || null,
    city: input.contact.city || cityOfZip(input.contact.zipCode),
    state: "TX",
  };
}

/**
 * A new quote, as a draft (version 1), from a request (which is then handled), for a customer,
 * or for someone typed in. New quotes take the tax rate in Settings unless staff give one.
 */
export async function createQuote(db: Db, input: TCreateQuote, staffUserId: number | null, now = new Date()) {
  assertOfferDates(input, now);
  await assertCatalogueIds(db, input);
  const program = await offeredProgram(db, input, now);
  const contact = await contactOf(db, input);
  const taxRate = input.taxRateBasisPoints ?? (await getQuoteSettings(db)).taxRateBasisPoints;
  const id = await db.transaction(async (tx) => {
    const [quote] = await tx
      .insert(quotes)
      .values({ ...contact, requestId: input.requestId ?? null, status: "draft", currentVersion: 1, createdByUserId: staffUserId })
      .returning({ id: quotes.id });
    await insertVersion(tx, quote!.id, 1, input, program, taxRate, staffUserId);
    if (input.requestId != null) await tx.update(quoteRequests).set({ handledAt: now }).where(eq(quoteRequests.id, input.requestId));
    return quote!.id;
  });
  return getQuote(db, id);
}

/**
 * Changes a quote's offer. A draft is rewritten in place; a quote the customer may have seen gets
 * a new version, which the link shows from then on, and any acceptance of the old one waiting for
 * its deposit is void. An accepted quote is a plan already and is refused.
 */
export async function reviseQuote(db: Db, id: number, offer: TQuoteOffer, staffUserId: number | null, now = new Date()) {
  assertOfferDates(offer, now);
  await assertCatalogueIds(db, offer);
  const program = await offeredProgram(db, offer, now);
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (quote.status === "accepted") throw new ConflictError(QUOTE_ALREADY_ACCEPTED);
    const current = await loadVersion(tx, id, quote.currentVersion);
    const taxRate = offer.taxRateBasisPoints ?? current.taxRateBasisPoints;
    if (quote.status === "draft" && !quote.sentAt) {
      await tx.delete(quoteVersions).where(eq(quoteVersions.id, current.id));
      await insertVersion(tx, id, quote.currentVersion, offer, program, taxRate, staffUserId);
      await tx.update(quotes).set({ updatedAt: now }).where(eq(quotes.id, id));
      return;
    }
    await insertVersion(tx, id, quote.currentVersion + 1, offer, program, taxRate, staffUserId);
    await tx
      .update(quoteAcceptances)
      .set({ status: "void" })
      .where(and(eq(quoteAcceptances.quoteId, id), ne(quoteAcceptances.status, "void")));
    const linkLive = quote.tokenHash !== null && quote.tokenRevokedAt === null;
    const status: QuoteStatus = linkLive ? "sent" : "draft";
    await tx
      .update(quotes)
      .set({ currentVersion: quote.currentVersion + 1, status, viewedAt: null, declinedAt: null, declineReason: null, updatedAt: now })
      .where(eq(quotes.id, id));
  });
  return getQuote(db, id);
}

/** The status as of today: a sent or viewed quote past its last day reads as expired. */
export function effectiveStatus(status: QuoteStatus, expiresOn: string, now: Date): QuoteStatus {
  return (status === "sent" || status === "viewed" || status === "draft") && expiresOn < businessToday(now) ? "expired" : status;
}

/**
 * Everything staff see of a quote: the current version with its totals, the versions, the
 * acceptance, and its plan's visits still waiting for a time (the flag the schedule shows, so one
 * given a time drops off).
 */
export async function getQuote(db: Db, id: number, now = new Date()) {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!quote) throw new NotFoundError(QUOTE_NOT_FOUND);
  const version = await loadVersion(db, id, quote.currentVersion);
  const versions = await db
    .select({ version: quoteVersions.version, createdAt: quoteVersions.createdAt })
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, id))
    .orderBy(desc(quoteVersions.version));
  const [acceptance] = await db
    .select()
    .from(quoteAcceptances)
    .where(eq(quoteAcceptances.quoteId, id))
    .orderBy(desc(quoteAcceptances.id))
    .limit(1);
  const visitsNeedingTime = quote.scheduleId
    ? await db
        .select({ id: visits.id, startTime: visits.startTime, endTime: visits.endTime })
        .from(visits)
        .where(and(eq(visits.scheduleId, quote.scheduleId), eq(visits.needsTime, true)))
        .orderBy(asc(visits.startTime), asc(visits.id))
    : [];
  // Only a program's quote makes an enrollment.
  const [enrollment] =
    version.planKind === "program"
      ? await db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.quoteId, id)).limit(1)
      : [];
  const { tokenHash, tokenRevokedAt, ...rest } = quote;
  return {
    ...rest,
    status: effectiveStatus(quote.status, version.expiresOn, now),
    link: tokenHash === null ? ("none" as const) : tokenRevokedAt ? ("revoked" as const) : ("live" as const),
    version: { ...version, totals: versionTotals(version) },
    versions,
    acceptance: acceptance ?? null,
    program: await loadQuoteProgram(db, version, now),
    enrollmentId: enrollment?.id ?? null,
    visitsNeedingTime: visitsNeedingTime.map(({ id, ...times }) => ({ visitId: String(id), ...times })),
  };
}

/** Quotes newest first (at most 200), optionally of one status. */
export async function listQuotes(db: Db, options: { status?: QuoteStatus } = {}, now = new Date()) {
  const rows = await db
    .select({ quote: quotes, expiresOn: quoteVersions.expiresOn })
    .from(quotes)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.currentVersion)))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(200);
  const list = [];
  for (const { quote, expiresOn } of rows) {
    const status = effectiveStatus(quote.status, expiresOn, now);
    if (options.status && status !== options.status) continue;
    const version = await loadVersion(db, quote.id, quote.currentVersion);
    list.push({
      id: quote.id,
      fullName: quote.fullName,
      email: quote.email,
      status,
      currentVersion: quote.currentVersion,
      expiresOn,
      total: versionTotals(version).total,
      scheduleId: quote.scheduleId,
      createdAt: quote.createdAt,
    });
  }
  return list;
}
