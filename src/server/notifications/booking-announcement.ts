/**
 * What a booking's announcement carries: the booking as the confirmation, the office's notice and
 * the `booking.created` webhook describe it, and the job that sends them after the booking commits.
 * Types only, so the job queue can name the job's payload without importing what sends it.
 */
export interface AnnouncedBooking {
  bookingReference: string;
  scheduleId: number;
  status: string;
  service: { id: number; name: string };
  startTime: Date;
  endTime: Date;
  isRecurring: boolean;
  recurringFrequency: "weekly" | "biweekly" | "monthly" | null;
  totalPrice: number;
  specialInstructions: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

/** The announcement job's payload: JSON, so its times travel as ISO text. */
export interface BookingAnnouncementJob {
  customerId: number;
  booking: Omit<AnnouncedBooking, "startTime" | "endTime"> & { startTime: string; endTime: string };
  typed: { fullName: string; phone: string } | null;
}
