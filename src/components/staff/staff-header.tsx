"use client";

import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Bell, LogOut } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";
import { StaffLogo } from "./staff-logo";
import { initialsOf } from "./staff-nav";
import { useStaffLogout } from "./use-staff-session";

// Spec 9: the unread list stays fresh for 60 seconds.
const UNREAD_STALE_TIME_MS = 60_000;

export function StaffHeader({ fullName, email }: { fullName: string | null; email: string | null }) {
  const unread = api.messages.unread.useQuery({}, { staleTime: UNREAD_STALE_TIME_MS });
  const unreadCount = unread.data?.length ?? 0;
  const logout = useStaffLogout();

  const handleLogout = () => logout.mutate({});

  const initials = initialsOf(fullName);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-gray-200 bg-white px-4 md:px-6">
      <StaffLogo />
      <div className="flex items-center gap-2">
        <Link
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
        <div className="hidden md:block">
          <Button variant="ghost" onClick={handleLogout} disabled={logout.isPending}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </Button>
        </div>
        <Menu as="div" className="relative">
          <MenuButton
            aria-label={`Account menu for ${fullName || "Admin User"}`}
            className="flex size-11 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
          >
            <span data-testid="user-initials">{initials}</span>
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-50 mt-2 w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg focus:outline-none"
          >
            <div className="px-3 py-2 text-sm">
              <p className="font-semibold text-gray-900">{fullName || "Admin User"}</p>
              <p className="truncate text-gray-600">{email || "{email}"}</p>
            </div>
            <MenuItem>
              <Link href="/settings" className="flex min-h-11 items-center rounded-md px-3 text-sm text-gray-800 data-focus:bg-gray-100">
                Settings
              </Link>
            </MenuItem>
            <MenuItem>
              <button
                type="button"
                onClick={handleLogout}
                className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-left text-sm text-gray-800 data-focus:bg-gray-100"
              >
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </button>
            </MenuItem>
          </MenuItems>
        </Menu>
      </div>
    </header>
  );
}
