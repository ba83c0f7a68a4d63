"use client";

import { Bell, LogOut } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";
import { mayOpenPage, type StaffRole } from "@/lib/staff-roles";
import { AccountMenu } from "./account-menu";
import { StaffLogo } from "./staff-logo";
import { initialsOf } from "./staff-nav";
import { useStaffLogout } from "./use-staff-session";

// The unread count stays fresh for 60 seconds.
const UNREAD_STALE_TIME_MS = 60_000;

export function StaffHeader({ fullName, email, role }: { fullName: string | null; email: string | null; role: StaffRole }) {
  // Crew members do not read customers' messages, so they get no bell.
  const showsMessages = mayOpenPage(role, "/messages");
  // Only the number: the unread messages themselves could be thousands on a busy account.
  const unread = api.messages.unreadCount.useQuery({}, { staleTime: UNREAD_STALE_TIME_MS, enabled: showsMessages });
  const unreadCount = unread.data?.count ?? 0;
  const logout = useStaffLogout();

  const handleLogout = () => logout.mutate({});

  const initials = initialsOf(fullName);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-gray-200 bg-white px-4 md:px-6">
      <StaffLogo />
      <div className="flex items-center gap-2">
        {showsMessages ? (
          <Link
            prefetch={false}
            href="/messages"
            aria-label={unreadCount > 0 ? `Messages, ${unreadCount} unread` : "Messages"}
            className="relative flex size-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
          >
            <Bell aria-hidden="true" className="size-6" />
            {unreadCount > 0 ? (
              <span
                data-testid="unread-badge"
                className="absolute top-1 right-1 flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
              >
                {unreadCount}
              </span>
            ) : null}
          </Link>
        ) : null}
        <div className="hidden md:block">
          <Button variant="ghost" onClick={handleLogout} disabled={logout.isPending}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </Button>
        </div>
        <AccountMenu
          initials={initials}
          fullName={fullName || "Admin User"}
          email={email || "{email}"}
          role={role}
          onLogout={handleLogout}
        />
      </div>
    </header>
  );
}
