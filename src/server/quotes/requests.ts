import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { isServicedZip, SERVICE_AREA_MESSAGES } from "@/lib/service-area";
import type { TQuoteRequestForm } from "@/lib/validation/quotes";
import { LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { enforceLimit } from "@/server/auth/rate-limit";
import { findCustomerByEmail, normalizeEmail } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { quoteRequestPhotos, quoteRequests } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { announceQuoteRequest } from "./quote-emails";
import { checkedPhoto } from "./photo-check";

export const QUOTE_REQUEST_THANKS = "Thanks! We'll look at your request and email you a quote, usually within two business days.";
export const QUOTE_REQUEST_NOT_FOUND = "Quote request not found";

/**
 * A request from the public form: limited like the contact form (per address and per email), the
 * ZIP checked against the service area like a booking's, each photo checked by its bytes. The office
 * is told, and the request waits under Messages → Requests (docs/product-rules.md#quotes).
 */
export async function submitQuoteRequest(db: Db, input: TQuoteRequestForm & { ip: string }) {
  if (!isServicedZip(input.zipCode)) throw new InvalidInputError(SERVICE_AREA_MESSAGES.notServiced, "zipCode");
  const photos = input.photos.map((photo, index) => checkedPhoto(photo, index));
  await enforceLimit(db, LIMITS.quoteRequestPerAddress, limitSubjectForAddress(input.ip));
  await enforceLimit(db, LIMITS.quoteRequestPerEmail, normalizeEmail(input.email));

  const customer = await findCustomerByEmail(db, input.email);
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(quoteRequests)
      .values({
        name: input.name,
        email: normalizeEmail(input.email),
        phone: input.phone || null,
        address: input.address,
        city: input.city || null,
        zipCode: input.zipCode,
        description: input.description,
        preferredTime: input.preferredTime || null,
        customerId: customer?.id ?? null,
      })
      .returning();
    if (photos.length) await tx.insert(quoteRequestPhotos).values(photos.map((photo) => ({ ...photo, requestId: request!.id })));
    await announceQuoteRequest(tx, request!, photos.length);
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
  photoIds: sql<
    number[]
  >`coalesce((select array_agg(p.id order by p.id) from ${quoteRequestPhotos} p where p.request_id = ${quoteRequests.id}), '{}')`,
  quoteId: sql<number | null>`(select q.id from quotes q where q.request_id = ${quoteRequests.id} order by q.id desc limit 1)`,
};

/** Requests newest first: the open ones, or all (at most 200). */
export async function listQuoteRequests(db: Db, status: "open" | "all") {
  return db
    .select(REQUEST_COLUMNS)
    .from(quoteRequests)
    .where(status === "open" ? isNull(quoteRequests.handledAt) : undefined)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(200);
}

export async function countOpenQuoteRequests(db: Db): Promise<number> {
  return db.$count(quoteRequests, isNull(quoteRequests.handledAt));
}

export async function getQuoteRequest(db: Db, id: number) {
  const [request] = await db.select(REQUEST_COLUMNS).from(quoteRequests).where(eq(quoteRequests.id, id));
  if (!request) throw new NotFoundError(QUOTE_REQUEST_NOT_FOUND);
  return request;
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
