"use client";

import Link from "next/link";
import { useActionState, useState } from "react";
import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/toast/toast-store";
import { ZCustomerRegisterSchema, type TCustomerRegister } from "@/lib/validation/customer-register";
import { customerRegisterAction } from "@/server/forms/customer-register-action";
import { EMPTY_FORM_STATE } from "@/server/forms/form-state";
import { api } from "@/trpc/react";
import { errorMessage, httpStatusOf } from "@/components/error-text";
import { useZodForm } from "@/components/ui/use-zod-form";
import { useOpenMyAccount } from "./use-open-my-account";
import { TextConsentCheckbox } from "./text-consent-checkbox";

/**
 * The customer register form. Prefilled from ?email=&name= (the booking confirmation links
 * here). An email the business already has bookings under is not signed in to here: the answer
 * says a link went to that address, and this form gives way to that message. Sent before the
 * page's JavaScript runs, the form posts to a server action running the same procedure.
 */
export function CustomerRegisterForm({ prefill }: { prefill: { email?: string; fullName?: string } }) {
  const openMyAccount = useOpenMyAccount();
  const [sent, formAction] = useActionState(customerRegisterAction, EMPTY_FORM_STATE);
  const [linkSentHere, setLinkSent] = useState<{ email: string; message: string } | null>(null);
  const linkSent = linkSentHere ?? (sent.notice ? { email: sent.values?.email ?? "", message: sent.notice } : null);
  const kept = sent.values ?? {};
  const form = useZodForm(ZCustomerRegisterSchema, {
    fullName: kept.fullName ?? prefill.fullName ?? "",
    email: kept.email ?? prefill.email ?? "",
    phone: kept.phone ?? "",
    password: "",
    confirmPassword: "",
    address: kept.address ?? "",
    city: kept.city ?? "",
    state: kept.state ?? "TX",
    zipCode: kept.zipCode ?? "",
    textConsent: kept.textConsent === "on",
  });
  const registerAccount = api.customerAuth.register.useMutation({
    onSuccess: async (result, values) => {
      if (!result.authenticated) {
        setLinkSent({ email: values.email, message: result.message });
        toast({ title: "Check your email", description: "We sent you a link to finish opening your account." });
        return;
      }
      toast({ title: "Registration successful", description: "Your account has been created!" });
      await openMyAccount();
    },
    onError: (error) => {
      const description = errorMessage(error, { answer: "Could not create account", exception: "An error occurred during registration" });
      toast({ title: "Registration failed", description, variant: "destructive" });
      // What was typed stays; the email field says what is wrong with it.
      if (httpStatusOf(error) === 409) form.setError("email", { message: description }, { shouldFocus: true });
    },
  });
  const { submitCount } = form.formState;
  // The server's answer to a form sent before hydration shows until the form is sent again here.
  const early = submitCount === 0 ? sent : EMPTY_FORM_STATE;
  // The value is in the server's HTML too, so a form sent before hydration comes back filled in.
  const field = (name: Exclude<keyof TCustomerRegister, "textConsent">) => ({
    defaultValue: form.formState.defaultValues?.[name],
    ...fieldProps(form, name, early.fieldErrors?.[name]),
  });

  if (linkSent) {
    return (
      <div role="status" className="space-y-4">
        <div className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
          <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <div className="min-w-0 space-y-2">
            <p className="font-semibold [overflow-wrap:anywhere]">Check your inbox at {linkSent.email}</p>
            <p>{linkSent.message}</p>
            <p className="text-sm text-brand-800">The link works once, for 24 hours. Nothing else changes until it is opened.</p>
          </div>
        </div>
        <p className="text-center text-sm text-gray-700">
          Already opened it?{" "}
          <Link href="/customer/login" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Login
          </Link>
        </p>
      </div>
    );
  }

  return (
    <>
      <form
        noValidate
        action={formAction}
        onSubmit={form.handleSubmit((values) => registerAccount.mutate(values))}
        className="grid gap-4 sm:grid-cols-2"
      >
        {early.error ? (
          <div className="sm:col-span-2">
            <FormAlert message={early.error} />
          </div>
        ) : null}
        <TextField label="Full name" autoComplete="name" className="sm:col-span-2" {...field("fullName")} />
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field("phone")} />
        <TextField label="Password" type="password" autoComplete="new-password" {...field("password")} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
        <TextField label="Address" autoComplete="street-address" className="sm:col-span-2" {...field("address")} />
        <TextField label="City" autoComplete="address-level2" {...field("city")} />
        <div className="grid grid-cols-2 gap-4">
          <TextField label="State" autoComplete="address-level1" {...field("state")} />
          <TextField label="ZIP code" autoComplete="postal-code" inputMode="numeric" {...field("zipCode")} />
        </div>
        <TextConsentCheckbox
          className="sm:col-span-2"
          defaultChecked={form.formState.defaultValues?.textConsent}
          {...form.register("textConsent")}
        />
        <Button type="submit" size="lg" className="w-full sm:col-span-2" disabled={registerAccount.isPending}>
          {registerAccount.isPending ? "Creating Account..." : "Create Account"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-700">
        Already have an account?{" "}
        <Link href="/customer/login" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Login
        </Link>
      </p>
    </>
  );
}
