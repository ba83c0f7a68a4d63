"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { restRequest } from "@/lib/rest-client";
import { markCustomerSignedOut, useCustomerSessionState } from "./customer-session-store";

/**
 * Who is browsing the public site. A visitor counts as signed out until the status check says
 * otherwise, and a failed check also reads as signed out (docs/product-rules.md#customer-accounts-and-claiming).
 */
export function useCustomerSession() {
  return useCustomerSessionState();
}

/** Logs the customer out and returns them to the home page with a success or failure toast. */
export function useCustomerLogout() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    const result = await restRequest("POST", "/customer/logout");
    setPending(false);
    if (result.ok) {
      markCustomerSignedOut();
      toast({ title: "Logout successful", description: "You have been logged out" });
      router.push("/");
      return;
    }
    // An answer from the server carries its message; a network failure has no answer at all.
    toast({
      title: "Logout failed",
      description: result.answered ? result.message || "Could not log out" : "An error occurred during logout",
      variant: "destructive",
    });
  };
  return { logout: () => void logout(), pending };
}
