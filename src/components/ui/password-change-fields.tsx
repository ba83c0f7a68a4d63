"use client";

import type { UseFormReturn } from "react-hook-form";
import { TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The three fields of a password change, for staff Settings and My Account alike. */
export function PasswordChangeFields({ form }: { form: UseFormReturn<PasswordChangeValues> }) {
  const field = (name: keyof PasswordChangeValues) => fieldProps(form, name);
  return (
    <>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        className="sm:col-span-2"
        {...field("currentPassword")}
      />
      <TextField label="New password" type="password" autoComplete="new-password" {...field("newPassword")} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
    </>
  );
}

/** The server names the field it refused (a wrong current password, a first password kept): show it there. */
export function showRefusedPasswordField(
  form: UseFormReturn<PasswordChangeValues>,
  error: { message: string; data?: { code?: string; issues?: Array<{ path: readonly (string | number)[] }> } | null },
) {
  const field = error.data?.issues?.[0]?.path[0];
  if (error.data?.code === "BAD_REQUEST" && typeof field === "string" && field in form.getValues()) {
    form.setError(field as keyof PasswordChangeValues, { message: error.message }, { shouldFocus: true });
  }
}
