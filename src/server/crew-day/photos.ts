import { count, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { VISIT_PHOTO_MAX_BYTES, VISIT_PHOTOS_PER_VISIT, type VisitPhotoType } from "@/lib/validation/crew-day";
import { visitPhotos } from "@/server/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "@/server/errors";
import { findOwnVisit } from "@/server/self-service/appointments";
import { findCrewStop, type CrewStop } from "./crew-day";
import { runOnce } from "./field-actions";
import { lockTodaysVisit, type FieldCaller } from "./field-steps";

export const PHOTO_NOT_AN_IMAGE = "The photo must be a JPEG, PNG or WebP image.";
export const PHOTO_TOO_LARGE = "The photo is larger than 2 MB. The app makes photos smaller before sending; try taking it again.";
export const PHOTO_LIMIT = `A visit keeps at most ${VISIT_PHOTOS_PER_VISIT} photos.`;
const PHOTO_NOT_FOUND = "Photo not found";

/** The image type, read from the bytes themselves: what the file name or the sender claims is not trusted. */
export function sniffImageType(bytes: Uint8Array): VisitPhotoType | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** A photo sent as base64 text, checked again here whatever the phone did: its size, then its type from its bytes. */
export function decodePhoto(base64: string): { data: Buffer; contentType: VisitPhotoType } {
  const text = base64.replace(/^data:[^,]*,/, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new InvalidInputError(PHOTO_NOT_AN_IMAGE, "photo");
  const data = Buffer.from(text, "base64");
  if (data.byteLength === 0) throw new InvalidInputError(PHOTO_NOT_AN_IMAGE, "photo");
  if (data.byteLength > VISIT_PHOTO_MAX_BYTES) throw new InvalidInputError(PHOTO_TOO_LARGE, "photo");
  const contentType = sniffImageType(data);
  if (!contentType) throw new InvalidInputError(PHOTO_NOT_AN_IMAGE, "photo");
  return { data, contentType };
}

/** A photo of today's visit, kept with it; at most three a visit, and a cancelled visit takes none. */
export function addVisitPhoto(db: Db, caller: FieldCaller, input: { visitId: string; photo: string }, now = new Date()) {
  const photo = decodePhoto(input.photo);
  return runOnce(
    db,
    { actor: caller.actor, key: caller.key, action: `photo ${input.visitId}` },
    async (tx): Promise<{ photoId: number; stop: CrewStop }> => {
      const visit = await lockTodaysVisit(tx, input.visitId, caller, undefined, now);
      if (visit.status === "cancelled") throw new ConflictError("The office cancelled this visit.");
      const [kept] = await tx.select({ count: count() }).from(visitPhotos).where(eq(visitPhotos.visitId, visit.id));
      if ((kept?.count ?? 0) >= VISIT_PHOTOS_PER_VISIT) throw new ConflictError(PHOTO_LIMIT);
      const [row] = await tx
        .insert(visitPhotos)
        .values({
          visitId: visit.id,
          contentType: photo.contentType,
          byteSize: photo.data.byteLength,
          data: photo.data,
          takenBy: caller.staffUserId,
        })
        .returning({ id: visitPhotos.id });
      return { photoId: row!.id, stop: (await findCrewStop(tx, visit.id))! };
    },
  );
}

export interface StoredPhoto {
  contentType: VisitPhotoType;
  data: Buffer;
}

async function photoRow(db: Db, photoId: number) {
  const [row] = await db
    .select({ visitId: visitPhotos.visitId, contentType: visitPhotos.contentType, data: visitPhotos.data })
    .from(visitPhotos)
    .where(eq(visitPhotos.id, photoId));
  return row ?? null;
}

/** Staff see every visit's photos; a crew member only their crew's (another crew's read as not found). */
export async function readPhotoForStaff(db: Db, photoId: number, crewScope?: { crewId: number }): Promise<StoredPhoto> {
  const row = await photoRow(db, photoId);
  if (!row) throw new NotFoundError(PHOTO_NOT_FOUND);
  if (crewScope) {
    const stop = await findCrewStop(db, row.visitId);
    if (stop?.crewId !== crewScope.crewId) throw new NotFoundError(PHOTO_NOT_FOUND);
  }
  return { contentType: row.contentType, data: row.data };
}

/**
 * A customer sees the photos of a completed visit their account owns
 * (docs/product-rules.md#who-owns-a-visit); anything else reads as not found.
 */
export async function customerVisitPhotoIds(db: Db, customerId: number, visitId: string): Promise<number[]> {
  const visit = await findOwnVisit(db, customerId, visitId);
  if (visit.status !== "completed") return [];
  const rows = await db.select({ id: visitPhotos.id }).from(visitPhotos).where(eq(visitPhotos.visitId, visit.id)).orderBy(visitPhotos.id);
  return rows.map((row) => row.id);
}

export async function readPhotoForCustomer(db: Db, customerId: number, photoId: number): Promise<StoredPhoto> {
  const row = await photoRow(db, photoId);
  if (!row) throw new NotFoundError(PHOTO_NOT_FOUND);
  const visit = await findOwnVisit(db, customerId, String(row.visitId)).catch(() => null);
  if (!visit || visit.status !== "completed") throw new NotFoundError(PHOTO_NOT_FOUND);
  return { contentType: row.contentType, data: row.data };
}
