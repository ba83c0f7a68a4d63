"use client";

import { CircleAlert, CircleCheck, MapPin } from "lucide-react";
import Link from "next/link";
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { checkServiceArea, type ServiceAreaCheck } from "@/lib/service-area";
import type { TBookingFormInput } from "@/lib/validation/booking";
import { controlClasses, FieldError, TextField } from "@/components/ui/field";
import { InfoTooltip } from "./info-tooltip";
import type { BookableService } from "./types";

export const LAWN_SIZE_GUIDE = "small 500-2,000, medium 2,000-5,000, large 5,000+ sq ft";

/** The ZIP is checked live once it has 5 characters; before that there is nothing to say. */
export function liveServiceArea(zipCode: string, address: string): ServiceAreaCheck | null {
  return zipCode.trim().length >= 5 ? checkServiceArea(zipCode, address) : null;
}

/** Step 2: where the visit is with the live service-area message. */
export function LocationStep({ service }: { service: BookableService | undefined }) {
  const { register, watch, formState } = useFormContext<TBookingFormInput>();
  const { errors } = formState;
  const lawnSizeId = useId();
  const area = liveServiceArea(watch("zipCode") ?? "", watch("address") ?? "");

  return (
    <div className="space-y-5">
      <p className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          We serve Austin and the Greater Austin area. Enter the address of the lawn and we&apos;ll check that our crews can reach you. See
          our service areas on the{" "}
          <Link href="/contact" className="font-semibold underline underline-offset-2">
            Contact page
          </Link>
          .
        </span>
      </p>

      <TextField label="Street address" autoComplete="street-address" error={errors.address?.message} {...register("address")} />
      <div className="grid gap-4 sm:grid-cols-[1fr_6rem_8rem]">
        <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register("city")} />
        <TextField label="State" autoComplete="address-level1" error={errors.state?.message} {...register("state")} />
        <TextField
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          error={errors.zipCode?.message}
          {...register("zipCode")}
        />
      </div>

      <div role="status" aria-live="polite">
        {area ? (
          area.status === "serviced" ? (
            <p className="flex items-center gap-2 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
              {area.message}
            </p>
          ) : (
            <p className="flex items-center gap-2 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
              {area.message}
            </p>
          )
        ) : null}
      </div>

      {service?.pricePerSqFt != null ? (
        <div className="max-w-xs">
          <div className="mb-1 flex items-center gap-1">
            <label htmlFor={lawnSizeId} className="text-sm font-medium text-gray-800">
              Lawn size (sq ft)
            </label>
            <InfoTooltip label="Lawn size guide">{LAWN_SIZE_GUIDE}</InfoTooltip>
          </div>
          <input
            id={lawnSizeId}
            type="number"
            inputMode="numeric"
            min={100}
            step={1}
            aria-invalid={errors.lawnSizeSqFt ? true : undefined}
            aria-describedby={errors.lawnSizeSqFt ? `${lawnSizeId}-error` : undefined}
            className={controlClasses(Boolean(errors.lawnSizeSqFt))}
            // An emptied field counts as 0, which the minimum then refuses.
            {...register("lawnSizeSqFt", { setValueAs: (value: unknown) => (value === "" || value === null ? 0 : Number(value)) })}
          />
          <FieldError id={`${lawnSizeId}-error`} message={errors.lawnSizeSqFt?.message} />
        </div>
      ) : null}
    </div>
  );
}
