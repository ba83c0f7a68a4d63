"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { CircleCheck, CircleX, Mail } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";
import { describeFailure } from "./server-error";

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

function ConfirmingNotice({ token }: { token: string }) {
  const router = useRouter();
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

  if (verify.isPending || verify.isIdle) {
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
          {describeFailure(verify.error, { answer: "This link could not be used.", exception: "We could not reach the server. Please try again." })} You
          can send a new link from My Account.
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
