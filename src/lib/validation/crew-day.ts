import { z } from "zod";
import { ZApplicationInput } from "./applications";
import { dateStringField, hasOnlyStorableCharacters, MAX_DATABASE_ID, pathId, requiredText, tooLongMessage } from "./fields";

// The crew's field actions (docs/product-rules.md#the-crews-phone). Each carries an idempotency key
// (the Idempotency-Key header over REST, this field over tRPC) and the version of the visit the
// phone saw, so a replay applies once and an office change made in between wins.

/** The photo types a crew phone may send, sniffed from the bytes (src/server/crew-day/photos.ts). */
export const VISIT_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type VisitPhotoType = (typeof VISIT_PHOTO_TYPES)[number];
/** At most 2 MB a photo, and 3 photos a visit (docs/product-rules.md#the-crews-phone). */
export const VISIT_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const VISIT_PHOTOS_PER_VISIT = 3;

export const CREW_DAY_MESSAGES = {
  visitNotFound: "Visit not found among today's stops.",
  reason: "Say why the visit cannot be done",
  eta: "Give the minutes to arrival, from 1 to 240",
  version: "seenVersion must be the version the phone read (an ISO date-time)",
  photo: "Attach one photo",
} as const;

export const CREW_NOTE_MAX = 1000;
/** A 2 MB photo as base64 text is about 2.8 million characters. */
export const PHOTO_BASE64_MAX = Math.ceil((2 * 1024 * 1024 * 4) / 3) + 64;

const ZKeyField = z.string().trim().max(100).optional();
const ZSeenVersion = z.iso.datetime({ offset: true, error: CREW_DAY_MESSAGES.version }).optional();
const ZVisitId = pathId(CREW_DAY_MESSAGES.visitNotFound);

const fieldAction = { visitId: ZVisitId, idempotencyKey: ZKeyField, seenVersion: ZSeenVersion };

export const ZCrewDayInput = z.object({
  date: dateStringField("date must be a date written yyyy-MM-dd").optional(),
  crewId: z.number().int().positive().max(MAX_DATABASE_ID).optional(),
});

export const ZOnMyWayInput = z.object({
  ...fieldAction,
  etaMinutes: z
    .number({ error: CREW_DAY_MESSAGES.eta })
    .int(CREW_DAY_MESSAGES.eta)
    .min(1, CREW_DAY_MESSAGES.eta)
    .max(240, CREW_DAY_MESSAGES.eta),
});

export const ZStartVisitInput = z.object(fieldAction);

export const ZCompleteVisitInput = z.object({
  ...fieldAction,
  note: z.string().trim().max(CREW_NOTE_MAX, tooLongMessage(CREW_NOTE_MAX)).refine(hasOnlyStorableCharacters).optional(),
  /** A treatment visit's application record, written with the completion (required for one). */
  application: ZApplicationInput.optional(),
});

export const ZCantDoInput = z.object({ ...fieldAction, reason: requiredText(CREW_DAY_MESSAGES.reason, { max: 500 }) });

export const ZVisitPhotoInput = z.object({
  visitId: ZVisitId,
  idempotencyKey: ZKeyField,
  photo: z
    .string({ error: CREW_DAY_MESSAGES.photo })
    .min(1, CREW_DAY_MESSAGES.photo)
    .max(PHOTO_BASE64_MAX, "The photo is larger than 2 MB."),
});

export type TOnMyWayInput = z.infer<typeof ZOnMyWayInput>;
