"use client";

import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { formatCents } from "@/lib/money";
import { ButtonLink } from "@/components/ui/button";
import { AddToCalendar } from "./add-to-calendar";
import { appointmentText } from "./review-step";
import { FREQUENCY_LABELS } from "./schedule-step";
import type { BookingConfirmation as Booking } from "./types";
import { formatPhoneNumber } from "@/lib/phone-number";

/** Where a new customer can open an account, with what they just typed filled in. */
export function registerHref(contact: { email: string; fullName: string }) {
  const query = new URLSearchParams({ email: contact.email, name: contact.fullName });
  return `/customer/register?${query.toString()}`;
}

/** Shown after Complete Booking succeeds: the reference and what happens next. */
export function BookingConfirmation({
  booking,
  contact,
  signedIn,
}: {
  booking: Booking;
  contact: { email: string; fullName: string; phone: string };
  signedIn: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { day, time } = appointmentText(booking.date, booking.timeSlot);

  return (
    <section aria-labelledby="booking-confirmed" className="space-y-6">
      <div className="rounded-xl border border-brand-200 bg-brand-50 p-6 text-center">
        <CircleCheck aria-hidden="true" className="mx-auto mb-3 size-12 text-brand-700" />
        <h2 id="booking-confirmed" ref={heading} tabIndex={-1} className="text-2xl font-bold text-brand-900 focus:outline-none">
          Thank you! Your booking is received.
        </h2>
        <p className="mt-2 text-gray-800">Your booking reference</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-brand-900" data-testid="booking-reference">
          {booking.bookingReference}
        </p>
        <p className="mt-2 text-sm text-gray-700">Keep it handy if you call or write to us about this visit.</p>
      </div>

      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h3 className="mb-3 font-semibold text-gray-900">What you booked</h3>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-gray-600">Service</dt>
          <dd className="font-medium text-gray-900">{booking.service.name}</dd>
          <dt className="text-gray-600">When</dt>
          <dd className="font-medium text-gray-900">
            {day} at {time}
            {booking.isRecurring && booking.recurringFrequency
              ? `, then ${FREQUENCY_LABELS[booking.recurringFrequency].toLowerCase()}`
              : ""}
          </dd>
          <dt className="text-gray-600">Where</dt>
          <dd className="font-medium text-gray-900">
            {booking.address}, {booking.city}, {booking.state} {booking.zipCode}
          </dd>
          <dt className="text-gray-600">{booking.isRecurring ? "Price per visit" : "Price"}</dt>
          <dd className="font-medium text-gray-900">
            {formatCents(booking.totalPrice)}
            {booking.recurringDiscount > 0 ? ` (after the ${formatCents(booking.recurringDiscount)} recurring discount)` : ""}
          </dd>
        </dl>
        <div className="mt-4">
          <AddToCalendar booking={booking} />
        </div>
      </div>

      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h3 className="mb-3 font-semibold text-gray-900">What happens next</h3>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-800">
          <li>
            We have emailed you this booking. Our team reviews your request and confirms the visit by email; until then it shows as pending.
          </li>
          <li>The day before the visit we email you a reminder.</li>
          <li>
            If anything needs clarifying, we&apos;ll reach you at {formatPhoneNumber(contact.phone)} or {contact.email}.
          </li>
          <li>Payment will be processed securely after booking confirmation.</li>
        </ol>
      </div>

      <div className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-gray-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        {signedIn ? (
          <>
            <p className="text-sm text-gray-800">Your visit is in your account, where you can follow it and message us.</p>
            <ButtonLink href="/customer/account" variant="primary">
              Go to My Account
            </ButtonLink>
          </>
        ) : (
          <>
            <p className="text-sm text-gray-800">Create an account to follow your visits, message us and pay online.</p>
            <ButtonLink href={registerHref(contact)} variant="primary">
              Create an account
            </ButtonLink>
          </>
        )}
      </div>
    </section>
  );
}
