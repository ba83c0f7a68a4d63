"use client";

import Link from "next/link";
import { useActionState, useEffect, useRef } from "react";
import { CircleX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/toast/toast-store";
import { ZAcceptInvitationSchema } from "@/lib/validation/portal";
import { acceptInvitationAction } from "@/server/forms/accept-invitation-action";
import { EMPTY_FORM_STATE } from "@/server/forms/form-state";
import { api } from "@/trpc/react";
import { errorMessage } from "@/components/error-text";
import { useZodForm } from "@/components/ui/use-zod-form";
import { useOpenMyAccount } from "./use-open-my-account";

/** Who the invitation is for, as the page read it on the server, or why the link cannot be used. */
export type InvitationLookup = { ok: true; fullName: string; email: string } | { ok: false; message: string };

/**
 * Opened from a staff invitation or a claim link (/customer/register?invite=...): choose a password
 * and go in. A claim link opened in the browser that registered goes straight in with the password
 * typed there (the server checks that browser's secret cookie); anywhere else it asks for one.
 * Sent before the page's JavaScript runs, the form posts to a server action running the same
 * procedure; once hydrated, the submit handler takes over with toasts and no reload.
 */
export function AcceptInvitationForm({ token, invitation }: { token: string; invitation: InvitationLookup }) {
  const openMyAccount = useOpenMyAccount();
  const [sent, formAction] = useActionState(acceptInvitationAction, EMPTY_FORM_STATE);
  const form = useZodForm(ZAcceptInvitationSchema, { token, password: "", confirmPassword: "" });
  const accept = api.portal.acceptInvitation.useMutation({
    onSuccess: async () => {
      toast({ title: "Registration successful", description: "Your account has been created!" });
      await openMyAccount();
    },
    onError: (error) => {
      toast({
        title: "Registration failed",
        description: errorMessage(error, { answer: "Could not create account", exception: "An error occurred during registration" }),
        variant: "destructive",
      });
    },
  });

  // Opened in the browser that registered with this email, the link keeps the password typed there.
  const claim = api.portal.claimInThisBrowser.useMutation({
    onSuccess: async (answer) => {
      if (!answer.authenticated) return;
      toast({ title: "Your account is open", description: "You are signed in with the password you chose." });
      await openMyAccount();
    },
  });
  const claimAsked = useRef(false);
  useEffect(() => {
    if (!invitation.ok || claimAsked.current) return;
    claimAsked.current = true;
    claim.mutate({ token });
  }, [claim, invitation.ok, token]);

  if (!invitation.ok) {
    return (
      <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          {invitation.message}{" "}
          <Link href="/customer/login" className="font-semibold underline">
            Go to login
          </Link>
        </p>
      </div>
    );
  }
  if (claim.isPending || claim.data?.authenticated) {
    return (
      <p role="status" className="rounded-lg bg-brand-50 p-4 text-brand-900">
        Opening your account…
      </p>
    );
  }
  const { submitCount } = form.formState;
  // The server's answer to a form sent before hydration shows until the form is sent again here.
  const early = submitCount === 0 ? sent : EMPTY_FORM_STATE;
  const field = (name: "password" | "confirmPassword") => fieldProps(form, name, early.fieldErrors?.[name]);
  return (
    <form noValidate action={formAction} onSubmit={form.handleSubmit((values) => accept.mutate(values))} className="space-y-4">
      <FormAlert message={early.error} />
      <p className="rounded-lg bg-brand-50 p-4 text-brand-900">
        Hi {invitation.fullName}, choose a password for <strong>{invitation.email}</strong>.
      </p>
      <input type="hidden" defaultValue={token} {...form.register("token")} />
      <TextField label="Password" type="password" autoComplete="new-password" {...field("password")} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
      <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? "Creating Account..." : "Create Account"}
      </Button>
    </form>
  );
}
