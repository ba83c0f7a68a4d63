"use client";

import { useState } from "react";
import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PasswordChangeFields, showRefusedPasswordField } from "@/components/ui/password-change-fields";
import { toast } from "@/components/toast/toast-store";
import { ZCustomerPasswordChangeSchema } from "@/lib/validation/customer-auth";
import { api } from "@/trpc/react";
import { errorMessage } from "@/components/error-text";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";

/** My Account, Profile: a new password (the current one asked again); every other device is logged out. */
export function ChangePasswordSection() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="password-heading" className="mt-6 rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="password-heading" className="text-xl font-semibold text-gray-900">
            Password
          </h2>
          <p className="mt-1 text-sm text-gray-700">Changing it logs out every other device signed in to your account.</p>
        </div>
        {open ? null : (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <KeyRound aria-hidden="true" className="size-4" /> Change Password
          </Button>
        )}
      </div>
      {open ? <ChangePasswordForm onDone={() => setOpen(false)} /> : null}
    </section>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(ZCustomerPasswordChangeSchema, { currentPassword: "", newPassword: "", confirmPassword: "" });
  const change = api.portal.changePassword.useMutation({
    onSuccess: (result) => {
      toast({ title: "Password changed", description: result.message });
      onDone();
    },
    onError: (error) => {
      const description = errorMessage(error, {
        answer: "Could not change the password",
        exception: "An error occurred. Please try again.",
      });
      showRefusedPasswordField(form, error);
      toast({ title: "Password not changed", description, variant: "destructive" });
    },
  });
  return (
    <form
      noValidate
      method="post"
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      className="mt-5 grid gap-4 sm:grid-cols-2"
    >
      <PasswordChangeFields form={form} />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <SubmitButton disabled={change.isPending}>{change.isPending ? "Saving..." : "Save Password"}</SubmitButton>
        <Button variant="outline" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
