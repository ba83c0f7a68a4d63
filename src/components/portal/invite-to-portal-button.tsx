"use client";

import { MailPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";
import { errorMessage } from "@/components/error-text";

/**
 * For the staff customer card: emails the customer a link to set up their portal account
 * (docs/product-rules.md#customer-accounts-and-claiming).
 */
export function InviteToPortalButton({ customerId, className }: { customerId: number; className?: string }) {
  const invite = api.portalInvites.invite.useMutation({
    onSuccess: (result) => toast({ title: "Invitation sent", description: result.message }),
    onError: (error) =>
      toast({
        title: "Invitation failed",
        description: errorMessage(error, { answer: "An unknown error occurred", exception: "An unknown error occurred" }),
        variant: "destructive",
      }),
  });
  return (
    <Button variant="ghost" size="sm" className={className} onClick={() => invite.mutate({ id: customerId })} disabled={invite.isPending}>
      <MailPlus aria-hidden="true" className="size-4" />
      {invite.isPending ? "Sending..." : "Invite to portal"}
    </Button>
  );
}
