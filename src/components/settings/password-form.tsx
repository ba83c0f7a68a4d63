"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { ZPasswordFormSchema, type TPasswordForm } from "@/lib/validation/settings";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";

type PasswordField = keyof TPasswordForm;

/**
 * Settings, General: the current password is verified; other sessions end on success.
 * Also the first sign-in's forced change, which calls `onChanged`.
 */
export function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const form = useForm<TPasswordForm>({
    resolver: zodResolver(ZPasswordFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const change = api.settings.changePassword.useMutation({
    onSuccess: () => {
      toast({ title: "Password updated", description: "You stay signed in here; other sessions have been signed out." });
      form.reset();
      onChanged?.();
    },
    onError: (error) => {
      // The server names the field it refused (a wrong current password, a first password kept).
      const field = error.data?.issues?.[0]?.path[0] as PasswordField | undefined;
      if (error.data?.code === "BAD_REQUEST" && field && field in form.getValues()) form.setError(field, { message: error.message });
      toast({ title: "Update failed", description: errorMessage(error), variant: "destructive" });
    },
  });

  const errors = form.formState.errors;
  return (
    <form method="post" noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))} className="space-y-4" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
        Password
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          className="sm:col-span-2"
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
        <TextField label="New password" type="password" autoComplete="new-password" error={errors.newPassword?.message} {...form.register("newPassword")} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
      </div>
      <SubmitButton disabled={change.isPending}>
        {change.isPending ? "Updating…" : "Update password"}
      </SubmitButton>
    </form>
  );
}
