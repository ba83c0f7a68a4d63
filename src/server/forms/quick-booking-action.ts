"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { textFields } from "./form-values";
import { BOOKING_ZIP_COOKIE } from "./booking-zip";

/**
 * The home page's quick-booking teaser. The ZIP is something typed, so it travels in a short-lived
 * cookie scoped to the booking page, never in its URL; the service is a catalogue id and may.
 */
export async function quickBookingAction(formData: FormData): Promise<void> {
  const { service, zip } = textFields(formData, ["service", "zip"]);
  const digits = zip.replace(/\D/g, "").slice(0, 5);
  if (digits) (await cookies()).set(BOOKING_ZIP_COOKIE, digits, { path: "/book", httpOnly: true, sameSite: "lax", maxAge: 600 });
  redirect(/^\d{1,9}$/.test(service) ? `/book?service=${service}` : "/book");
}
