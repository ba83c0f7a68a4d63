"use client";

import { useFormContext } from "react-hook-form";
import type { TBookingFormInput } from "@/lib/validation/booking";
import { TextField } from "@/components/ui/field";
import { TextConsentCheckbox } from "@/components/portal/text-consent-checkbox";

/** Step 4: who we contact about the visit. */
export function ContactStep({ signedInAs }: { signedInAs: string | null }) {
  const { register, formState } = useFormContext<TBookingFormInput>();
  const { errors } = formState;
  return (
    <div className="space-y-5">
      {signedInAs ? (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          You&apos;re signed in as {signedInAs}: this booking will appear in your account.
        </p>
      ) : null}
      <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...register("fullName")} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register("phone")} />
      <TextConsentCheckbox {...register("textConsent")} />
    </div>
  );
}
