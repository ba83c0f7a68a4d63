"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";
import type { StaffRole } from "@/lib/staff-roles";

/**
 * The staff session: loading at start, then authenticated or not. A failed status check is
 * treated as signed out.
 */
export function useStaffSession() {
  const status = api.auth.status.useQuery({});
  const user = status.data?.authenticated ? status.data.user : null;
  return {
    loading: status.isPending,
    authenticated: Boolean(user),
    user,
    demoMode: status.data?.demoMode ?? false,
  };
}

/**
 * Whether the signed-in staff member's role may use something that allows `roles` (the screens
 * hide what the server would refuse; docs/product-rules.md#staff-roles).
 */
export function useStaffCan(roles: readonly StaffRole[]): boolean {
  const { user } = useStaffSession();
  return user ? roles.includes(user.role) : false;
}

/**
 * Logs the staff member out (a toast, then /login). The callbacks live on the mutation
 * itself because the header that starts the logout unmounts as soon as the user is gone.
 */
export function useStaffLogout() {
  const utils = api.useUtils();
  const queryClient = useQueryClient();
  const router = useRouter();
  return api.auth.logout.useMutation({
    onSuccess: () => {
      utils.auth.status.setData({}, (previous) => ({ authenticated: false, user: null, demoMode: previous?.demoMode ?? false }));
      // Nothing a signed-out browser should keep: every cached staff answer goes.
      queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== JSON.stringify(["auth", "status"]) });
      toast({ title: "Logout successful", description: "You have been logged out" });
      router.push("/login");
    },
    onError: () => toast({ title: "Logout failed", description: "An error occurred during logout", variant: "destructive" }),
  });
}
