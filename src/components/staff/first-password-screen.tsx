"use client";

import { LogOut } from "lucide-react";
import { PasswordForm } from "@/components/settings/password-form";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";
import { StaffLogo } from "./staff-logo";
import { useStaffLogout } from "./use-staff-session";

/**
 * The first sign-in with the password printed at the first start: nothing opens until the staff
 * member chooses their own (the server refuses every other staff call meanwhile).
 */
export function FirstPasswordScreen({ fullName }: { fullName: string | null }) {
  const utils = api.useUtils();
  const logout = useStaffLogout();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-lg space-y-6 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex justify-center">
          <StaffLogo />
        </div>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-gray-900">Choose your own password</h1>
          <p className="text-gray-700">
            Welcome{fullName ? `, ${fullName}` : ""}. You signed in with the password generated when the server first started. Choose a
            password of your own to open the staff area: the generated one stops working.
          </p>
        </div>
        <PasswordForm onChanged={() => void utils.auth.status.invalidate()} />
        <Button variant="ghost" onClick={() => logout.mutate({})} disabled={logout.isPending}>
          <LogOut aria-hidden="true" className="size-4" /> Logout
        </Button>
      </div>
    </main>
  );
}
