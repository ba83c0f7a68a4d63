"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/toast/toast-store";
import { ZCustomerLoginSchema } from "@/lib/validation/customer-auth";
import { customerLoginAction } from "@/server/forms/customer-login-action";
import { EMPTY_FORM_STATE } from "@/server/forms/form-state";
import { api } from "@/trpc/react";
import { errorMessage } from "@/components/error-text";
import { useZodForm } from "@/components/ui/use-zod-form";
import { EmailVerificationNotice } from "./email-verification-notice";
import { useOpenMyAccount } from "./use-open-my-account";

/**
 * Sent before the page's JavaScript runs (or without it), the form posts to a server action that
 * signs in through the same procedure and renders its errors; once hydrated, the submit handler
 * takes over and the action is never called.
 */
export function CustomerLoginForm({ verifyToken, signedIn }: { verifyToken?: string; signedIn: boolean }) {
  const openMyAccount = useOpenMyAccount();
  const [sent, formAction] = useActionState(customerLoginAction, EMPTY_FORM_STATE);
  // A confirmation link opened while signed out counts once the account's owner has logged in.
  const verify = api.portal.verifyEmail.useMutation();
  const form = useZodForm(ZCustomerLoginSchema, { email: sent.values?.email ?? "", password: "" });
  const login = api.customerAuth.login.useMutation({
    onSuccess: async () => {
      toast({ title: "Login successful", description: "Welcome back!" });
      if (verifyToken) {
        try {
          await verify.mutateAsync({ token: verifyToken });
          toast({ title: "Email verified", description: "Your full history is now in My Account." });
        } catch (error) {
          toast({
            title: "Email not confirmed",
            description: errorMessage(error, {
              answer: "This link could not be used.",
              exception: "We could not reach the server. Please try again.",
            }),
            variant: "destructive",
          });
        }
      }
      await openMyAccount();
    },
    onError: (error) => {
      // A failed customer login shows the server's message, else the fixed texts.
      toast({
        title: "Login failed",
        description: errorMessage(error, { answer: "Invalid email or password", exception: "An error occurred during login" }),
        variant: "destructive",
      });
    },
  });
  const { submitCount } = form.formState;
  // The server's answer to a form sent before hydration shows until the form is sent again here.
  const early = submitCount === 0 ? sent : EMPTY_FORM_STATE;
  const field = (name: "email" | "password") => fieldProps(form, name, early.fieldErrors?.[name]);

  return (
    <>
      {verifyToken ? <EmailVerificationNotice token={verifyToken} signedIn={signedIn} /> : null}
      <form noValidate action={formAction} onSubmit={form.handleSubmit((values) => login.mutate(values))} className="space-y-4">
        <FormAlert message={early.error} />
        {verifyToken ? <input type="hidden" name="verify" value={verifyToken} /> : null}
        <TextField label="Email" type="email" autoComplete="email" defaultValue={sent.values?.email} {...field("email")} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field("password")} />
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Login"}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link href="/customer/reset-password" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Forgot your password?
        </Link>
      </p>
      <p className="mt-6 text-center text-sm text-gray-700">
        Don&apos;t have an account?{" "}
        <Link href="/customer/register" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Register
        </Link>
      </p>
    </>
  );
}
