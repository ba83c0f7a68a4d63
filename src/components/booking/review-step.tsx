"use client";

import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import { businessInstant, formatBusinessDate, isDateString } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { bookingPrice, DEFAULT_LAWN_SIZE_SQ_FT } from "@/lib/pricing";
import { checkServiceArea } from "@/lib/service-area";
import { isValidTimeSlot } from "@/lib/slots";
import type { TBookingFormInput } from "@/lib/validation/booking";
import { FREQUENCY_LABELS } from "./schedule-step";
import type { BookableService } from "./types";
import { formatPhoneNumber } from "@/lib/phone-number";

export const PAYMENT_NOTE = "Payment will be processed securely after booking confirmation.";

function ReviewCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-gray-600">{title}</h3>
      <div className="space-y-1 text-gray-900">{children}</div>
    </section>
  );
}

/** The Review step shows the date as weekday, month day, year and the time as h:mm a (Austin). */
export function appointmentText(date: string, timeSlot: string) {
  if (!isDateString(date) || !isValidTimeSlot(timeSlot)) return { day: "", time: "" };
  const start = businessInstant(date, timeSlot);
  return { day: formatBusinessDate(start, "EEEE, MMMM d, yyyy"), time: formatBusinessDate(start, "h:mm a") };
}

/** Step 5: everything at a glance with the payment summary (recurring visits 10% off). */
export function ReviewStep({ service }: { service: BookableService }) {
  const { watch } = useFormContext<TBookingFormInput>();
  const values = watch();
  const perSqFt = service.pricePerSqFt !== null;
  const lawnSizeSqFt = perSqFt ? (values.lawnSizeSqFt ?? DEFAULT_LAWN_SIZE_SQ_FT) : null;
  const price = bookingPrice(service, { lawnSizeSqFt, isRecurring: Boolean(values.isRecurring) });
  const { day, time } = appointmentText(values.date ?? "", values.timeSlot ?? "");
  const zip = checkServiceArea(values.zipCode ?? "", values.address ?? "").zip ?? values.zipCode;
  const frequency = values.recurringFrequency ?? "weekly";

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ReviewCard title="Service details">
        <p className="font-semibold">{service.name}</p>
        <p className="text-sm text-gray-700">Est. {service.estimatedDuration} min</p>
        {lawnSizeSqFt !== null ? <p className="text-sm text-gray-700">Lawn size: {lawnSizeSqFt.toLocaleString("en-US")} sq ft</p> : null}
      </ReviewCard>

      <ReviewCard title="Appointment">
        <p className="font-semibold">{day}</p>
        <p>{time}</p>
        {values.isRecurring ? <p className="text-sm text-gray-700">Recurring: {FREQUENCY_LABELS[frequency]}</p> : null}
        {values.specialInstructions ? <p className="text-sm text-gray-700">Instructions: {values.specialInstructions}</p> : null}
      </ReviewCard>

      <ReviewCard title="Location">
        <p>{values.address}</p>
        <p>
          {values.city}, {values.state} {zip}
        </p>
      </ReviewCard>

      <ReviewCard title="Contact">
        <p>{values.fullName}</p>
        <p className="break-all">{values.email}</p>
        <p>{formatPhoneNumber(values.phone)}</p>
        <p className="text-sm text-gray-700">{values.textConsent ? "Texts about your visits: yes" : "No texts: we will email you"}</p>
      </ReviewCard>

      <section className="rounded-xl border border-brand-200 bg-brand-50 p-4 sm:col-span-2">
        <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-900">Payment summary</h3>
        <dl className="space-y-2">
          <div className="flex justify-between gap-4">
            <dt>
              Service price
              {perSqFt && service.pricePerSqFt !== null && lawnSizeSqFt !== null ? (
                <span className="block text-sm text-gray-700">
                  {formatCents(service.pricePerSqFt)} × {lawnSizeSqFt.toLocaleString("en-US")} sq ft
                </span>
              ) : null}
            </dt>
            <dd className="font-medium">{formatCents(price.servicePrice)}</dd>
          </div>
          {values.isRecurring ? (
            <div className="flex justify-between gap-4 text-brand-800">
              <dt>Recurring discount (10%)</dt>
              <dd className="font-medium">-{formatCents(price.recurringDiscount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 border-t border-brand-200 pt-2 text-lg font-bold">
            <dt>Total{values.isRecurring ? " per visit" : ""}</dt>
            <dd>{formatCents(price.total)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-gray-700">{PAYMENT_NOTE}</p>
      </section>
    </div>
  );
}
