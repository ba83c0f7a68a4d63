import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { ZCreateBookingRequestSchema } from "@/lib/validation/booking";
import { dayAvailability } from "@/server/schedules/availability";
import { bookableServices, bookingRequest } from "#test/fixtures/bookings";
import { createBooking, DATE_NOT_BOOKABLE_MESSAGE } from "./create-booking";
import { setProcessTimeZone } from "#test/support/env";

setProcessTimeZone("Asia/Tokyo");

// 22:30 on June 9 in Austin is already June 10 in UTC and 12:30 on June 10 in Tokyo: the
// booking rules must still read the calendar in Austin, whatever the process's zone.
const NOW = new Date("2031-06-10T03:30:00Z");

describe("booking rules with the server in Asia/Tokyo", () => {
  it("really runs in Tokyo", () => {
    expect(new Date(0).getTimezoneOffset()).toBe(-540);
  });

  it("takes tomorrow and today from Austin's calendar and books slots on Austin clocks", async () => {
    const db = await getDb();
    const { flat } = await bookableServices();
    const request = (date: string) => ZCreateBookingRequestSchema.parse(bookingRequest({ serviceId: flat.id, date, timeSlot: "09:00" }));

    await expect(createBooking(db, { request: request("2031-06-09"), now: NOW })).rejects.toThrow(DATE_NOT_BOOKABLE_MESSAGE);
    const booking = await createBooking(db, { request: request("2031-06-10"), now: NOW });
    // 9:00 CDT is 14:00 UTC.
    expect(booking.startTime.toISOString()).toBe("2031-06-10T14:00:00.000Z");
    expect(booking.endTime.toISOString()).toBe("2031-06-10T15:00:00.000Z");
  });

  it("offers the slots of tomorrow in Austin and none of today", async () => {
    const db = await getDb();
    const today = (await dayAvailability(db, { date: "2031-06-09", durationMinutes: 60, now: NOW }))!;
    expect(today.slots.some((slot) => slot.available)).toBe(false);
    const tomorrow = (await dayAvailability(db, { date: "2031-06-10", durationMinutes: 60, now: NOW }))!;
    expect(tomorrow.slots.every((slot) => slot.available)).toBe(true);
    expect(tomorrow.slots[8]).toMatchObject({ time: "17:00", label: "5:00 PM" });
    expect(tomorrow.slots[8]!.startTime.toISOString()).toBe("2031-06-10T22:00:00.000Z");
  });
});
