"use client";

import { CircleCheck } from "lucide-react";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { EMPTY_FORM_STATE } from "@/server/forms/form-state";
import { quoteRequestAction } from "@/server/forms/quote-request-action";

/**
 * The quote request form. It posts to a server action, so it works before the page's JavaScript
 * runs (and without it); the server checks everything and renders its errors or its thanks.
 */
export function QuoteRequestForm() {
  const [state, formAction, pending] = useActionState(quoteRequestAction, EMPTY_FORM_STATE);
  const values = state.values ?? {};
  const errors = state.fieldErrors ?? {};
  if (state.notice) {
    return (
      <p role="status" className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {state.notice}
      </p>
    );
  }
  return (
    <form action={formAction} encType="multipart/form-data" className="space-y-4" noValidate>
      <FormAlert message={state.error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" defaultValue={values.name} error={errors.name} required />
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} required />
      </div>
      <TextField label="Phone (optional)" name="phone" type="tel" autoComplete="tel" defaultValue={values.phone} error={errors.phone} />
      <TextField
        label="Street address"
        name="address"
        autoComplete="street-address"
        defaultValue={values.address}
        error={errors.address}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City (optional)" name="city" autoComplete="address-level2" defaultValue={values.city} error={errors.city} />
        <TextField
          label="ZIP code"
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          defaultValue={values.zipCode}
          error={errors.zipCode}
          required
        />
      </div>
      <TextAreaField
        label="What would you like done?"
        name="description"
        rows={5}
        defaultValue={values.description}
        error={errors.description}
        hint="For example: new sod for a 1,200 sq ft backyard, or monthly fertilization for the season."
        required
      />
      <TextField
        label="Preferred time (optional)"
        name="preferredTime"
        defaultValue={values.preferredTime}
        error={errors.preferredTime}
        hint="Days or times that suit you, such as weekday mornings."
      />
      <TextField
        id="quote-photos"
        label="Photos (optional, up to 3)"
        name="photos"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        error={errors.photos}
        hint="JPEG, PNG or WebP, at most 5 MB each."
      />
      <Button type="submit" variant="primary" size="lg" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Sending..." : "Request a quote"}
      </Button>
    </form>
  );
}
