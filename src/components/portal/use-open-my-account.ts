"use client";

import { useRouter } from "next/navigation";
import { refreshCustomerSession } from "@/components/public/customer-session-store";
import { api } from "@/trpc/react";

/** Once a customer is signed in: the header and the cached status learn of it, then My Account opens. */
export function useOpenMyAccount() {
  const router = useRouter();
  const utils = api.useUtils();
  return async () => {
    await Promise.all([utils.customerAuth.status.invalidate(), refreshCustomerSession()]);
    router.replace("/customer/account");
    router.refresh();
  };
}
