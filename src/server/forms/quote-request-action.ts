"use server";

import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_TYPES, QUOTE_MESSAGES } from "@/lib/validation/quotes";
import { QUOTE_REQUEST_THANKS } from "@/server/quotes/requests";
import type { FormState } from "./form-state";
import { textFields } from "./form-values";
import { callProcedure, fieldErrorsOf } from "./procedure-call";

const FIELDS = ["name", "email", "phone", "address", "city", "zipCode", "description", "preferredTime"] as const;

/**
 * The quote request form, posted with or without JavaScript: the same procedure as POST
 * /api/quote-requests. Photos arrive as files; the procedure checks their type by their bytes and
 * their size (docs/product-rules.md#quotes). A failure keeps what was typed (photos must be chosen again).
 */
export async function quoteRequestAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = textFields(formData, FIELDS);
  const files = formData.getAll("photos").filter((file): file is File => typeof file !== "string" && file.size > 0);
  if (files.length > MAX_PHOTOS) return { fieldErrors: { photos: QUOTE_MESSAGES.photos }, values };
  // What each file declares, before a byte of it is read: the procedure checks the bytes themselves.
  if (files.some((file) => file.size > MAX_PHOTO_BYTES)) return { fieldErrors: { photos: QUOTE_MESSAGES.photoSize }, values };
  if (files.some((file) => !(PHOTO_TYPES as readonly string[]).includes(file.type))) {
    return { fieldErrors: { photos: QUOTE_MESSAGES.photoType }, values };
  }
  const photos = await Promise.all(
    files.map(async (file) => ({ contentType: file.type, dataBase64: Buffer.from(await file.arrayBuffer()).toString("base64") })),
  );
  const optional = (value: string) => value.trim() || undefined;
  const input = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: optional(values.phone),
    address: values.address.trim(),
    city: optional(values.city),
    zipCode: values.zipCode.trim(),
    description: values.description.trim(),
    preferredTime: optional(values.preferredTime),
    photos,
  };
  const result = await callProcedure((api) => api.quoteRequests.submit(input as never));
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.failure);
    return { error: Object.keys(fieldErrors).length > 0 ? undefined : result.failure.message, fieldErrors, values };
  }
  return { notice: QUOTE_REQUEST_THANKS };
}
