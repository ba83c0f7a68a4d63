"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { PasswordChangeFields, showRefusedPasswordField } from "@/components/ui/password-change-fields";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { ZPasswordFormSchema, type TPasswordForm } from "@/lib/validation/settings";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";

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
      showRefusedPasswordField(form, error);
      toast({ title: "Update failed", description: errorMessage(error), variant: "destructive" });
    },
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      className="space-y-4"
      aria-labelledby="password-heading"
    >
      <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
        Password
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordChangeFields form={form} />
      </div>
      <SubmitButton disabled={change.isPending}>{change.isPending ? "Updating…" : "Update password"}</SubmitButton>
    </form>
  );
}
