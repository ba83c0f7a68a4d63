"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { cn } from "@/lib/cn";
import { earliestBookableDate, isBookableDate, latestBookableDate, slotLabel, slotsForDate } from "@/lib/slots";
import type { TBookingFormInput } from "@/lib/validation/booking";
import { controlClasses, FieldError, TextAreaField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useAvailability } from "./availability-client";
import type { BookableService } from "./types";
import { RECURRING_FREQUENCIES } from "@/lib/schedule-enums";

export const FREQUENCY_LABELS = { weekly: "Weekly", biweekly: "Biweekly (every 2 weeks)", monthly: "Monthly" } as const;

/** Step 3: date, time slot, recurrence and instructions. */
export function ScheduleStep({ service }: { service: BookableService | undefined }) {
  const { register, watch, setValue, formState } = useFormContext<TBookingFormInput>();
  const { errors } = formState;
  const ids = { date: useId(), slots: useId(), frequency: useId() };
  const date = watch("date") ?? "";
  const timeSlot = watch("timeSlot");
  const isRecurring = watch("isRecurring");

  const dateChosen = isBookableDate(date);
  const availability = useAvailability(date, service?.id, dateChosen && service !== undefined);
  // Full slots come from the server; the offered hours are known here (no same-day bookings).
  const fullSlots = new Set(availability.data?.slots.filter((slot) => !slot.available).map((slot) => slot.time));
  const offered = dateChosen ? slotsForDate(date) : [];
  const dateField = register("date");

  return (
    <div className="space-y-6">
      <div className="max-w-xs">
        <label htmlFor={ids.date} className="mb-1 block text-sm font-medium text-gray-800">
          Date
        </label>
        <input
          id={ids.date}
          type="date"
          min={earliestBookableDate()}
          max={latestBookableDate()}
          aria-invalid={errors.date ? true : undefined}
          aria-describedby={errors.date ? `${ids.date}-error` : undefined}
          className={controlClasses(Boolean(errors.date))}
          suppressHydrationWarning
          {...dateField}
          onChange={(event) => {
            // Changing the date clears the chosen time slot: the slots offered depend on the day.
            setValue("timeSlot", "");
            return dateField.onChange(event);
          }}
        />
        <FieldError id={`${ids.date}-error`} message={errors.date?.message} />
      </div>

      <fieldset aria-describedby={errors.timeSlot ? `${ids.slots}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-gray-800">Time slot</legend>
        {!dateChosen ? (
          <p className="text-sm text-gray-600">Choose a date to see the available times.</p>
        ) : availability.isPending ? (
          <p className="flex items-center gap-2 text-sm text-gray-600">
            <Spinner className="[&>span:first-child]:size-5 [&>span:first-child]:border-2" label="Checking availability" />
            Checking availability…
          </p>
        ) : (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {offered.map((slot) => {
              const full = fullSlots.has(slot);
              return (
                <label
                  key={slot}
                  className={cn(
                    "relative flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-lg border px-2 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                    full && "cursor-not-allowed border-gray-200 bg-gray-100 text-gray-600",
                    !full && timeSlot === slot && "border-brand-700 bg-brand-700 text-white",
                    !full && timeSlot !== slot && "border-gray-300 bg-white text-gray-900 hover:border-brand-500",
                  )}
                >
                  <input
                    type="radio"
                    value={slot}
                    disabled={full}
                    className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                    {...register("timeSlot")}
                  />
                  <span className={full ? "line-through" : undefined}>{slotLabel(slot)}</span>
                  {full ? <span className="text-xs font-normal">Full</span> : null}
                </label>
              );
            })}
          </div>
        )}
        <FieldError id={`${ids.slots}-error`} message={errors.timeSlot?.message} />
      </fieldset>

      <div className="space-y-3">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-gray-900">
          <input type="checkbox" className="size-5 rounded border-gray-300 accent-brand-700" {...register("isRecurring")} />
          Save up to 10% with recurring service
        </label>
        {isRecurring ? (
          <div className="max-w-xs">
            <label htmlFor={ids.frequency} className="mb-1 block text-sm font-medium text-gray-800">
              Frequency
            </label>
            <select id={ids.frequency} className={controlClasses(Boolean(errors.recurringFrequency))} {...register("recurringFrequency")}>
              {RECURRING_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </select>
            <FieldError message={errors.recurringFrequency?.message} />
          </div>
        ) : null}
      </div>

      <TextAreaField
        label="Special instructions (optional)"
        placeholder="Gate codes, pets in the yard, areas to avoid…"
        error={errors.specialInstructions?.message}
        {...register("specialInstructions")}
      />
    </div>
  );
}
