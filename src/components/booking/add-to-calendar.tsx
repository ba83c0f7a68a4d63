"use client";

import { CalendarPlus } from "lucide-react";
import { BUSINESS } from "@/lib/business";
import { buildCalendar } from "@/lib/ical";
import { buttonClasses } from "@/components/ui/button";
import type { BookingConfirmation } from "./types";

function googleDate(date: Date) {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** "Add to calendar" for the booked visit: an .ics file for any calendar app, or Google Calendar. */
export function AddToCalendar({ booking }: { booking: BookingConfirmation }) {
  const start = new Date(booking.startTime);
  const end = new Date(booking.endTime);
  const title = `${BUSINESS.name}: ${booking.service.name}`;
  const location = `${booking.address}, ${booking.city}, ${booking.state} ${booking.zipCode}`;
  const details = `Booking reference ${booking.bookingReference}. Questions? Call ${BUSINESS.phone}.`;

  const download = () => {
    const text = buildCalendar({
      name: BUSINESS.name,
      events: [
        {
          uid: `booking-${booking.bookingReference}@greenscapeaustin.com`,
          start,
          end,
          summary: title,
          location,
          description: details,
          status: "TENTATIVE",
        },
      ],
    });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/calendar;charset=utf-8" }));
    link.download = `${booking.bookingReference}.ics`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  const google = new URL("https://calendar.google.com/calendar/render");
  google.search = new URLSearchParams({
    action: "TEMPLATE",
    text: title,
    dates: `${googleDate(start)}/${googleDate(end)}`,
    location,
    details,
  }).toString();

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <button type="button" onClick={download} className={buttonClasses("outline")}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        {booking.isRecurring ? "Add the first visit to my calendar" : "Add to calendar"}
      </button>
      <a href={google.toString()} target="_blank" rel="noopener noreferrer" className={buttonClasses("ghost")}>
        Google Calendar
      </a>
    </div>
  );
}
