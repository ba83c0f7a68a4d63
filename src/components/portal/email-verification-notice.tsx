"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef } from "react";
import { CircleCheck, CircleX, Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Spinner } from "@/components/ui/spinner";
import { EMPTY_FORM_STATE } from "@/server/forms/form-state";
import { verifyEmailAction } from "@/server/forms/verify-email-action";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";
import { errorMessage } from "@/components/error-text";

/**
 * Opened from the verification email (/customer/login?verify=...). A link only confirms the address
 * for the account it was sent for, so someone signed out is asked to log in first (the login form
 * then confirms it); a signed-in customer has it confirmed at once and continues to My Account.
 */
export function EmailVerificationNotice({ token, signedIn }: { token: string; signedIn: boolean }) {
  if (!signedIn) {
    return (
      <div role="status" className="mb-6 flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>Log in to confirm your email address. We confirm it for the account the link was sent to.</p>
      </div>
    );
  }
  return <ConfirmingNotice token={token} />;
}

/**
 * Confirms at once when the page's JavaScript runs. Until it does (or without it), the server's
 * HTML offers the step as a form posting to a server action that runs the same procedure.
 */
function ConfirmingNotice({ token }: { token: string }) {
  const router = useRouter();
  const [sent, formAction] = useActionState(verifyEmailAction, EMPTY_FORM_STATE);
  const utils = api.useUtils();
  const verify = api.portal.verifyEmail.useMutation({
    onSuccess: async () => {
      toast({ title: "Email verified", description: "Your full history is now in My Account." });
      await utils.invalidate();
      router.replace("/customer/account");
      router.refresh();
    },
  });
  // A link works once: the ref keeps a re-run effect from spending it twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  if (verify.isIdle) {
    return (
      <form action={formAction} className="mb-6 space-y-3 rounded-lg bg-gray-50 p-4 text-gray-800">
        <FormAlert message={sent.error} />
        <input type="hidden" name="token" value={token} />
        <p>Confirm your email address to see your full history in My Account.</p>
        <Button type="submit">Confirm my email</Button>
      </form>
    );
  }
  if (verify.isPending) {
    return (
      <div className="mb-6 flex items-center gap-3 rounded-lg bg-gray-50 p-4 text-gray-800">
        <Spinner className="[&>span:first-child]:size-5" label="Confirming your email" /> Confirming your email address...
      </div>
    );
  }
  if (verify.isError) {
    return (
      <div role="alert" className="mb-6 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          {errorMessage(verify.error, {
            answer: "This link could not be used.",
            exception: "We could not reach the server. Please try again.",
          })}{" "}
          You can send a new link from My Account.
        </p>
      </div>
    );
  }
  return (
    <div role="status" className="mb-6 flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>Your email address is verified. Taking you to My Account...</p>
    </div>
  );
}
