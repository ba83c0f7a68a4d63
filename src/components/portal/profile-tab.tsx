"use client";

import { useState } from "react";
import { Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import { toast } from "@/components/toast/toast-store";
import { ZCustomerProfileSchema, type TCustomerProfile } from "@/lib/validation/customer-auth";
import { api, type RouterOutputs } from "@/trpc/react";
import { errorMessage, httpStatusOf } from "@/components/error-text";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { TEXTS_PAUSED_PHONE_CHANGED } from "./text-preferences";

type Profile = RouterOutputs["portal"]["profile"];

const FIELDS: Array<{ key: keyof TCustomerProfile; label: string }> = [
  { key: "fullName", label: "Name" },
  { key: "email", label: "Email" },
  { key: "phone", label: "Phone" },
  { key: "address", label: "Address" },
  { key: "city", label: "City" },
  { key: "state", label: "State" },
  { key: "zipCode", label: "ZIP code" },
];

export function ProfileTab({ customer }: { customer: Profile }) {
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="profile-heading" className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-heading" className="text-xl font-semibold text-gray-900">
          {editing ? "Edit Profile" : "Profile Information"}
        </h2>
        {editing ? null : (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" /> Edit Profile
          </Button>
        )}
      </div>
      {editing ? (
        <ProfileForm customer={customer} onDone={() => setEditing(false)} />
      ) : (
        <dl className="mt-5 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {FIELDS.map(({ key, label }) => (
            <div key={key}>
              <dt className="text-sm font-medium text-gray-600">{label}</dt>
              <dd className="mt-0.5 break-words text-gray-900">{customer[key] || <span className="text-gray-600">Not provided</span>}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function ProfileForm({ customer, onDone }: { customer: Profile; onDone: () => void }) {
  const utils = api.useUtils();
  const form = useZodForm(
    ZCustomerProfileSchema,
    Object.fromEntries(FIELDS.map(({ key }) => [key, customer[key] ?? ""])) as TCustomerProfile,
  );
  const save = api.portal.updateProfile.useMutation({
    onSuccess: async (saved) => {
      utils.portal.profile.setData({}, saved);
      // Consent to texts is for the phone it was given for: a new phone pauses them.
      const textsWereOn = utils.portal.textPreference.getData({})?.canText;
      const phoneChanged = saved.phone !== customer.phone;
      await Promise.all([utils.customerAuth.status.invalidate(), utils.portal.textPreference.invalidate()]);
      const saidFirst =
        saved.email !== customer.email && !saved.isVerified ? `We sent a confirmation link to ${saved.email}.` : "Your details are saved.";
      const pausedNow = textsWereOn && phoneChanged && utils.portal.textPreference.getData({})?.canText === false;
      toast({ title: "Profile updated", description: pausedNow ? `${saidFirst} ${TEXTS_PAUSED_PHONE_CHANGED}` : saidFirst });
      onDone();
    },
    onError: (error) => {
      const description = errorMessage(error, { answer: "An unknown error occurred", exception: "An unknown error occurred" });
      toast({ title: "Update failed", description, variant: "destructive" });
      if (httpStatusOf(error) === 409) form.setError("email", { message: description }, { shouldFocus: true });
    },
  });
  const field = (name: keyof TCustomerProfile) => fieldProps(form, name);
  return (
    <form method="post" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="mt-5 grid gap-4 sm:grid-cols-2">
      <TextField label="Full name" autoComplete="name" {...field("fullName")} />
      <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field("phone")} />
      <TextField label="Address" autoComplete="street-address" {...field("address")} />
      <TextField label="City" autoComplete="address-level2" {...field("city")} />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="State" autoComplete="address-level1" {...field("state")} />
        <TextField label="ZIP code" autoComplete="postal-code" inputMode="numeric" {...field("zipCode")} />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <SubmitButton disabled={save.isPending}>{save.isPending ? "Saving..." : "Save Changes"}</SubmitButton>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
