"use client";

import Link from "next/link";
import { useFormContext } from "react-hook-form";
import { cn } from "@/lib/cn";
import { formatCents } from "@/lib/money";
import type { TBookingFormInput } from "@/lib/validation/booking";
import { FieldError } from "@/components/ui/field";
import type { BookableService } from "./types";

export function servicePriceText(service: BookableService): string {
  return service.pricePerSqFt === null ? formatCents(service.price) : `${formatCents(service.pricePerSqFt)} / sq ft`;
}

/** Step 1: pick a service card. */
export function ServiceStep({ services }: { services: BookableService[] }) {
  const { register, watch, formState } = useFormContext<TBookingFormInput>();
  const selected = watch("serviceId");

  if (services.length === 0) {
    return (
      <p className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-gray-700">
        Online booking is not available right now. Please{" "}
        <Link href="/contact" className="font-semibold text-brand-700 underline">
          contact us
        </Link>{" "}
        and we will schedule your visit.
      </p>
    );
  }

  return (
    <fieldset>
      <legend className="sr-only">Choose a service</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {services.map((service) => {
          const checked = selected === String(service.id);
          return (
            <label
              key={service.id}
              className={cn(
                "relative flex cursor-pointer flex-col gap-1 rounded-xl border bg-white p-4 shadow-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                checked ? "border-brand-600 bg-brand-50 ring-2 ring-brand-600" : "border-gray-200 hover:border-brand-300",
              )}
            >
              <input
                type="radio"
                value={String(service.id)}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                {...register("serviceId")}
              />
              <span className="flex items-start justify-between gap-3">
                <span className="font-semibold text-gray-900">{service.name}</span>
                <span className="shrink-0 font-semibold text-brand-800">{servicePriceText(service)}</span>
              </span>
              {service.description ? <span className="text-sm text-gray-600">{service.description}</span> : null}
              <span className="mt-1 text-xs text-gray-600">
                Est. {service.estimatedDuration} min
                {service.pricePerSqFt !== null ? " · Price based on lawn size" : ""}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError message={formState.errors.serviceId?.message} />
      <p className="mt-4 text-sm">
        <Link href="/services" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          View all services
        </Link>
      </p>
    </fieldset>
  );
}
