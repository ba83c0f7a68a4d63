import type { TBookingFormInput } from "@/lib/validation/booking";

// The booking wizard's five steps, shown with a progress indicator (docs/product-rules.md#booking-and-slots).
export const BOOKING_STEPS = ["Service", "Location", "Schedule", "Contact", "Review"] as const;
export type BookingStepName = (typeof BOOKING_STEPS)[number];

type BookingField = keyof TBookingFormInput;

/** The fields each step validates before moving on. */
export const STEP_FIELDS: Record<BookingStepName, BookingField[]> = {
  Service: ["serviceId"],
  Location: ["address", "city", "state", "zipCode", "lawnSizeSqFt"],
  Schedule: ["date", "timeSlot", "isRecurring", "recurringFrequency", "specialInstructions"],
  Contact: ["fullName", "email", "phone", "textConsent"],
  Review: [],
};

export const BOOKING_FIELDS: readonly BookingField[] = Object.values(STEP_FIELDS).flat();

/** The step on which a field is entered, to send the visitor back to a field the server refused. */
export function stepOfField(field: string): number {
  const index = BOOKING_STEPS.findIndex((step) => (STEP_FIELDS[step] as string[]).includes(field));
  return index === -1 ? BOOKING_STEPS.length - 1 : index;
}
