"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { CircleCheck, CircleX } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";
import { describeFailure } from "./server-error";

/**
 * Opened from the verification email (/customer/login?verify=...): confirms the address once, then
 * a signed-in customer continues to My Account and anyone else is asked to log in.
 */
export function EmailVerificationNotice({ token, signedIn }: { token: string; signedIn: boolean }) {
  const router = useRouter();
  const utils = api.useUtils();
  const verify = api.portal.verifyEmail.useMutation({
    onSuccess: async () => {
      toast({ title: "Email verified", description: "Your full history is now in My Account." });
      if (signedIn) {
        await utils.invalidate();
        router.replace("/customer/account");
        router.refresh();
      }
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
          {describeFailure(verify.error, { answer: "This link could not be used.", exception: "We could not reach the server. Please try again." })}
          {signedIn ? " You can send a new link from My Account." : " Log in to send a new link from My Account."}
        </p>
      </div>
    );
  }
  return (
    <div role="status" className="mb-6 flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>Your email address is verified. {signedIn ? "Taking you to My Account..." : "Log in to see your account."}</p>
    </div>
  );
}
