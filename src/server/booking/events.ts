import type { AnnouncedBooking } from "@/server/notifications/booking-announcement";

/** A booking from the website was made (its plan and first visit exist in the same transaction). */
export interface BookingCreated {
  customerId: number;
  booking: AnnouncedBooking;
  /** The name and phone typed on the form, when the booking was made without signing in. */
  typed: { fullName: string; phone: string } | null;
}

declare module "@/server/events/emit" {
  interface DomainEvents {
    "booking.created": BookingCreated;
  }
}
