"use client";

import { api } from "@/trpc/react";

/**
 * Spec 4, Staff auth: loading at start, then authenticated or not. A failed status check is
 * treated as signed out.
 */
export function useStaffSession() {
  const status = api.auth.status.useQuery({});
  const user = status.data?.authenticated ? status.data.user : null;
  return {
    loading: status.isPending,
    authenticated: Boolean(user),
    user,
  };
}

/** Logs the staff member out and forgets the cached status. */
export function useStaffLogout() {
  const utils = api.useUtils();
  return api.auth.logout.useMutation({
    onSuccess: async () => {
      utils.auth.status.setData({}, { authenticated: false, user: null });
      await utils.invalidate();
    },
  });
}
