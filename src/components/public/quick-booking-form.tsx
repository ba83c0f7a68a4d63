"use client";

import { useId, useState, type FormEvent } from "react";
import { buttonClasses } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { checkServiceArea } from "@/lib/service-area";
import { cn } from "@/lib/cn";
import { quickBookingAction } from "@/server/forms/quick-booking-action";

/**
 * The home page's quick-booking teaser: checks the ZIP against the service area as soon as it has
 * five digits and opens the booking wizard with the service and ZIP filled in.
 * It posts to a server action, with or without the page's JavaScript, so the ZIP never enters a URL.
 */
export function QuickBookingForm({ services }: { services: ReadonlyArray<{ id: number; name: string }> }) {
  const [zip, setZip] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const id = useId();
  const check = zip.length === 5 ? checkServiceArea(zip) : null;
  const showNoZip = submitted && zip.length < 5;
  const message = check?.message ?? (showNoZip ? "Please enter your 5-digit ZIP code." : null);
  const serviced = check?.status === "serviced";

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    if (!serviced) event.preventDefault();
  };

  return (
    <form action={quickBookingAction} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start" noValidate>
      {services.length > 0 ? (
        <div>
          <label htmlFor={`${id}-service`} className="mb-1 block text-sm font-medium text-gray-800">
            Service
          </label>
          <select id={`${id}-service`} name="service" className={controlClasses()} defaultValue={services[0]?.id}>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={services.length > 0 ? undefined : "sm:col-span-2"}>
        <label htmlFor={`${id}-zip`} className="mb-1 block text-sm font-medium text-gray-800">
          ZIP code
        </label>
        <input
          id={`${id}-zip`}
          name="zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="78704"
          value={zip}
          onChange={(event) => setZip(event.target.value.replace(/\D/g, "").slice(0, 5))}
          aria-describedby={message ? `${id}-zip-message` : undefined}
          aria-invalid={message && !serviced ? true : undefined}
          className={controlClasses(Boolean(message) && !serviced)}
        />
      </div>
      <button type="submit" className={buttonClasses("accent", "md", "sm:mt-6")}>
        Check &amp; Book
      </button>
      <p
        id={`${id}-zip-message`}
        aria-live="polite"
        className={cn("text-sm sm:col-span-3", serviced ? "text-brand-800" : "text-red-700", message ? "" : "sr-only")}
      >
        {message}
      </p>
    </form>
  );
}
