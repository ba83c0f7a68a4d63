"use client";

import { PasswordChangeFields, showRefusedPasswordField } from "@/components/ui/password-change-fields";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { ZPasswordFormSchema } from "@/lib/validation/settings";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { PanelForm } from "./panel-parts";

/**
 * Settings, General: the current password is verified; other sessions end on success.
 * Also the first sign-in's forced change, which calls `onChanged`.
 */
export function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const form = useZodForm(ZPasswordFormSchema, { currentPassword: "", newPassword: "", confirmPassword: "" });
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
    <PanelForm headingId="password-heading" title="Password" onSubmit={form.handleSubmit((values) => change.mutate(values))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordChangeFields form={form} />
      </div>
      <SubmitButton disabled={change.isPending}>{change.isPending ? "Updating…" : "Update password"}</SubmitButton>
    </PanelForm>
  );
}
