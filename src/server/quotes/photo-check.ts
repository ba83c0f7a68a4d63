import { InvalidInputError } from "@/server/errors";
import { MAX_PHOTO_BYTES, QUOTE_MESSAGES } from "@/lib/validation/quotes";

type PhotoType = "image/jpeg" | "image/png" | "image/webp";

/** The type the bytes themselves say, whatever the browser claimed: JPEG, PNG or WebP, else null. */
export function sniffPhotoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 12 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * A photo as it will be stored: decoded, at most 5 MB, and an image of the type it claims by its
 * own bytes (a script renamed .jpg is refused), so staff only ever open real images.
 */
export function checkedPhoto(photo: { contentType: string; dataBase64: string }, index: number) {
  const data = Buffer.from(photo.dataBase64, "base64");
  if (data.length === 0 || data.length > MAX_PHOTO_BYTES) throw new InvalidInputError(QUOTE_MESSAGES.photoSize, `photos.${index}`);
  const sniffed = sniffPhotoType(data);
  if (!sniffed || sniffed !== photo.contentType) throw new InvalidInputError(QUOTE_MESSAGES.photoType, "photos");
  return { contentType: sniffed, byteSize: data.length, data };
}
