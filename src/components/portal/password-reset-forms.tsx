"use client";

import Link from "next/link";
import { useState } from "react";
import { MailCheck } from "lucide-react";
import { TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import { toast } from "@/components/toast/toast-store";
import { ZPasswordResetRequestSchema, ZPasswordResetSchema } from "@/lib/validation/customer-auth";
import { api } from "@/trpc/react";
import { errorMessage } from "@/components/error-text";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { useOpenMyAccount } from "./use-open-my-account";

const linkClasses = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800";

/** Forgot password: the same answer whether or not the email has an account. */
export function RequestPasswordResetForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(ZPasswordResetRequestSchema, { email: "" });
  const request = api.customerAuth.requestPasswordReset.useMutation({
    onSuccess: (result) => setSent(result.message),
    onError: (error) =>
      toast({
        title: "Could not send the link",
        description: errorMessage(error, {
          answer: "Please try again later.",
          exception: "We could not reach the server. Please try again.",
        }),
        variant: "destructive",
      }),
  });

  if (sent) {
    return (
      <div role="status" className="space-y-4">
        <div className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
          <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <p>{sent}</p>
        </div>
        <p className="text-center text-sm text-gray-700">
          Remembered it?{" "}
          <Link href="/customer/login" className={linkClasses}>
            Login
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <form noValidate method="post" onSubmit={form.handleSubmit((values) => request.mutate(values))} className="space-y-4">
        <TextField label="Email" type="email" autoComplete="email" {...fieldProps(form, "email")} />
        <SubmitButton size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Email me a link"}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-gray-700">
        <Link href="/customer/login" className={linkClasses}>
          Back to login
        </Link>
      </p>
    </>
  );
}

/** Opened from the reset email (/customer/reset-password?token=...): a new password, then My Account. */
export function ChooseNewPasswordForm({ token }: { token: string }) {
  const openMyAccount = useOpenMyAccount();
  const form = useZodForm(ZPasswordResetSchema, { token, password: "", confirmPassword: "" });
  const reset = api.customerAuth.resetPassword.useMutation({
    onSuccess: async () => {
      toast({ title: "Password changed", description: "You are logged in. Every other device was logged out." });
      await openMyAccount();
    },
  });
  return (
    <>
      {reset.isError ? (
        <div role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(reset.error, {
            answer: "This link could not be used.",
            exception: "We could not reach the server. Please try again.",
          })}{" "}
          <Link href="/customer/reset-password" className="font-semibold underline">
            Ask for a new link
          </Link>
        </div>
      ) : null}
      <form noValidate method="post" onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="space-y-4">
        <TextField label="New password" type="password" autoComplete="new-password" {...fieldProps(form, "password")} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" {...fieldProps(form, "confirmPassword")} />
        <SubmitButton size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Save password and log in"}
        </SubmitButton>
      </form>
    </>
  );
}
