"use client";

import { TRPCClientError } from "@trpc/client";
import { useRouter } from "next/navigation";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";

/**
 * Who is browsing the public site. A visitor counts as signed out until the status check says
 * otherwise, and a failed check also reads as signed out (spec section 4, Customer auth).
 */
export function useCustomerSession() {
  const status = api.customerAuth.status.useQuery({});
  return { signedIn: status.data?.authenticated === true, customer: status.data?.customer ?? null };
}

/** Logs the customer out and returns them to the home page with the spec's toasts (section 8). */
export function useCustomerLogout() {
  const router = useRouter();
  const utils = api.useUtils();
  const mutation = api.customerAuth.logout.useMutation({
    onSuccess: async () => {
      utils.customerAuth.status.setData({}, { authenticated: false, customer: null });
      await utils.invalidate();
      toast({ title: "Logout successful", description: "You have been logged out" });
      router.push("/");
    },
    onError: (error) => {
      // An answer from the server carries its message; a network failure has no answer at all.
      const answered = error instanceof TRPCClientError && error.data !== undefined;
      toast({
        title: "Logout failed",
        description: answered ? error.message || "Could not log out" : "An error occurred during logout",
        variant: "destructive",
      });
    },
  });
  return { logout: () => mutation.mutate({}), pending: mutation.isPending };
}
