"use client";

import { Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";
import { errorMessage } from "@/components/error-text";

/** Until the email is proven, the portal shows only what the customer wrote (see history-visibility.ts). */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = api.portal.resendVerification.useMutation({
    onSuccess: (result) => toast({ title: "Email sent", description: result.message }),
    onError: (error) =>
      toast({
        title: "Could not send the email",
        description: errorMessage(error, { answer: "Please try again later.", exception: "Please try again later." }),
        variant: "destructive",
      }),
  });
  return (
    <section
      aria-label="Verify your email"
      className="mt-6 flex flex-col gap-4 rounded-xl border border-accent-500/40 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <Mail aria-hidden="true" className="size-6 shrink-0 text-accent-700" />
      <p className="flex-1 text-sm text-gray-900">
        <strong>Please confirm your email address.</strong> We sent a link to {email}. Until you open it, your visits, payments and our
        replies stay hidden here.
      </p>
      <Button variant="outline" onClick={() => resend.mutate({})} disabled={resend.isPending}>
        {resend.isPending ? "Sending..." : "Resend email"}
      </Button>
    </section>
  );
}
