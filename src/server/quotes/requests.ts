import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { isServicedZip, SERVICE_AREA_MESSAGES } from "@/lib/service-area";
import type { TQuoteRequestForm } from "@/lib/validation/quotes";
import { LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { enforceLimit } from "@/server/auth/rate-limit";
import { findCustomerByEmail, normalizeEmail } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { quoteRequestPhotos, quoteRequests, quotes } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { cityOfZip } from "@/server/locations/geocoder";
import { acknowledgeQuoteRequest, announceQuoteRequest } from "./quote-emails";
import { checkedPhoto } from "./photo-check";

export const QUOTE_REQUEST_THANKS = "Thanks! We'll look at your request and email you a quote, usually within two business days.";
export const QUOTE_REQUEST_NOT_FOUND = "Quote request not found";

/**
 * A request from the public form: limited like the contact form (per address and per email), the
 * ZIP checked against the service area like a booking's, each photo checked by its bytes. The office
 * is told, and the request waits under Messages → Requests (docs/product-rules.md#quotes).
 * The limits are counted before any photo is decoded (up to 15 MB of bytes), so a refused sender
 * costs no more than reading their body; the schema already refused a photo too long to be 5 MB.
 */
export async function submitQuoteRequest(db: Db, input: TQuoteRequestForm & { ip: string }) {
  if (!isServicedZip(input.zipCode)) throw new InvalidInputError(SERVICE_AREA_MESSAGES.notServiced, "zipCode");
  await enforceLimit(db, LIMITS.quoteRequestPerAddress, limitSubjectForAddress(input.ip));
  await enforceLimit(db, LIMITS.quoteRequestPerEmail, normalizeEmail(input.email));
  const photos = input.photos.map((photo, index) => checkedPhoto(photo, index));

  const customer = await findCustomerByEmail(db, input.email);
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(quoteRequests)
      .values({
        name: input.name,
        email: normalizeEmail(input.email),
        phone: input.phone || null,
        address: input.address,
        // City is optional on the form: the ZIP names it, so the quote can print the whole address.
        city: input.city || cityOfZip(input.zipCode),
        zipCode: input.zipCode,
        description: input.description,
        preferredTime: input.preferredTime || null,
        customerId: customer?.id ?? null,
      })
      .returning();
    if (photos.length) await tx.insert(quoteRequestPhotos).values(photos.map((photo) => ({ ...photo, requestId: request!.id })));
    await announceQuoteRequest(tx, request!, photos.length);
    await acknowledgeQuoteRequest(tx, request!, photos.length);
    return { id: request!.id };
  });
}

const REQUEST_COLUMNS = {
  id: quoteRequests.id,
  name: quoteRequests.name,
  email: quoteRequests.email,
  phone: quoteRequests.phone,
  address: quoteRequests.address,
  city: quoteRequests.city,
  zipCode: quoteRequests.zipCode,
  description: quoteRequests.description,
  preferredTime: quoteRequests.preferredTime,
  customerId: quoteRequests.customerId,
  createdAt: quoteRequests.createdAt,
  handledAt: quoteRequests.handledAt,
};

/**
 * Each request with the ids of its own photos and of the latest quote built from it (null when
 * none was). Read by request id in two plain queries, not as correlated subqueries in the select:
 * drizzle writes a column of a one-table select without its table's name, so `${quoteRequests.id}`
 * inside such a subquery named the inner table's own id and every request got other requests' photos.
 */
async function withPhotosAndQuote<T extends { id: number }>(db: Db, requests: T[]) {
  const ids = requests.map((request) => request.id);
  if (ids.length === 0) return [];
  const [photos, built] = await Promise.all([
    db
      .select({ id: quoteRequestPhotos.id, requestId: quoteRequestPhotos.requestId })
      .from(quoteRequestPhotos)
      .where(inArray(quoteRequestPhotos.requestId, ids))
      .orderBy(asc(quoteRequestPhotos.id)),
    db.select({ id: quotes.id, requestId: quotes.requestId }).from(quotes).where(inArray(quotes.requestId, ids)).orderBy(asc(quotes.id)),
  ]);
  const photoIds = new Map<number, number[]>();
  for (const photo of photos) photoIds.set(photo.requestId, [...(photoIds.get(photo.requestId) ?? []), photo.id]);
  // In ascending order, so the latest quote of a request is the one kept.
  const quoteIds = new Map(built.map((quote) => [quote.requestId, quote.id]));
  return requests.map((request) => ({ ...request, photoIds: photoIds.get(request.id) ?? [], quoteId: quoteIds.get(request.id) ?? null }));
}

/** Requests newest first: the open ones, or all (at most 200). */
export async function listQuoteRequests(db: Db, status: "open" | "all") {
  const requests = await db
    .select(REQUEST_COLUMNS)
    .from(quoteRequests)
    .where(status === "open" ? isNull(quoteRequests.handledAt) : undefined)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(200);
  return withPhotosAndQuote(db, requests);
}

export async function countOpenQuoteRequests(db: Db): Promise<number> {
  return db.$count(quoteRequests, isNull(quoteRequests.handledAt));
}

export async function getQuoteRequest(db: Db, id: number) {
  const [request] = await db.select(REQUEST_COLUMNS).from(quoteRequests).where(eq(quoteRequests.id, id));
  if (!request) throw new NotFoundError(QUOTE_REQUEST_NOT_FOUND);
  const [withPhotos] = await withPhotosAndQuote(db, [request]);
  return withPhotos!;
}

/** One photo of a request, as base64 for an <img> data URL. */
export async function getQuoteRequestPhoto(db: Db, requestId: number, photoId: number) {
  const [photo] = await db
    .select({ contentType: quoteRequestPhotos.contentType, data: quoteRequestPhotos.data })
    .from(quoteRequestPhotos)
    .where(and(eq(quoteRequestPhotos.requestId, requestId), eq(quoteRequestPhotos.id, photoId)))
    .orderBy(asc(quoteRequestPhotos.id));
  if (!photo) throw new NotFoundError("Photo not found");
  return { contentType: photo.contentType, dataBase64: Buffer.from(photo.data).toString("base64") };
}

export async function markQuoteRequestHandled(db: Db, id: number, handled: boolean) {
  const [row] = await db
    .update(quoteRequests)
    .set({ handledAt: handled ? new Date() : null })
    .where(eq(quoteRequests.id, id))
    .returning({ id: quoteRequests.id });
  if (!row) throw new NotFoundError(QUOTE_REQUEST_NOT_FOUND);
  return getQuoteRequest(db, id);
}
