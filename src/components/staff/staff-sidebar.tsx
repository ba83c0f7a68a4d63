"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";
import type { StaffRole } from "@/lib/staff-roles";
import { isActiveLink, navLinksFor } from "./staff-nav";

/** Desktop navigation, 64 units wide from md up. */
export function StaffSidebar({ fullName, email, role }: { fullName: string | null; email: string | null; role: StaffRole }) {
  const pathname = usePathname();
  return (
    <aside className="hidden w-64 shrink-0 flex-col border-r border-gray-200 bg-white md:flex">
      <nav aria-label="Staff" className="flex-1 space-y-1 p-4">
        {navLinksFor(role).map(({ href, label, icon: Icon }) => {
          const active = isActiveLink(pathname, href);
          return (
            <Link
              prefetch={false}
              key={href}
              href={href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium",
                active ? "bg-brand-50 text-brand-800" : "text-gray-700 hover:bg-gray-100",
              )}
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </Link>
          );
        })}
      </nav>
      <div className="border-t border-gray-200 p-4 text-sm">
        <p className="font-semibold text-gray-900">{fullName || "Admin User"}</p>
        <p className="truncate text-gray-600">{email || "{email}"}</p>
      </div>
    </aside>
  );
}
