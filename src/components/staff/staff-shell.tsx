"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { DemoModeBanner } from "@/components/demo-mode-banner";
import { PageSpinner } from "@/components/ui/spinner";
import { FloatingPlusButton } from "./floating-plus-button";
import { StaffBottomBar } from "./staff-bottom-bar";
import { StaffHeader } from "./staff-header";
import { StaffSidebar } from "./staff-sidebar";
import { useStaffSession } from "./use-staff-session";

// Only an account still on its first password sees this form: its code loads for it alone.
const FirstPasswordScreen = dynamic(() => import("./first-password-screen").then((module) => module.FirstPasswordScreen), {
  loading: () => null,
});

/**
 * The admin layout: a spinner while the staff status loads, then /login for anyone
 * not signed in, else header, sidebar (md+), bottom bar and plus button (phones). An account
 * still on its generated first password sees only the password change (the server refuses the
 * rest anyway).
 */
export function StaffShell({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const { loading, authenticated, user, demoMode } = useStaffSession();

  useEffect(() => {
    if (!loading && !authenticated) router.replace("/login");
  }, [loading, authenticated, router, pathname]);

  if (loading || !user) return <PageSpinner />;
  if (user.mustChangePassword) return <FirstPasswordScreen fullName={user.fullName} />;

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      {demoMode ? <DemoModeBanner /> : null}
      <StaffHeader fullName={user.fullName} email={user.email} role={user.role} />
      <div className="flex flex-1">
        <StaffSidebar fullName={user.fullName} email={user.email} role={user.role} />
        <main id="main" className="min-w-0 flex-1 px-4 pt-6 pb-28 md:px-8 md:pb-10">
          {children}
        </main>
      </div>
      <StaffBottomBar role={user.role} />
      {/* Crew members add nothing: they work their crew's day. */}
      {user.role === "crew" ? null : <FloatingPlusButton />}
    </div>
  );
}
