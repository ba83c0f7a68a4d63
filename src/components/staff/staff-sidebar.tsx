"use client";

import { usePathname } from "next/navigation";
import type { StaffRole } from "@/lib/staff-roles";
import { navLinksFor } from "./staff-nav";
import { StaffSectionLink } from "./staff-section-link";

/** Desktop navigation, 64 units wide from md up. */
export function StaffSidebar({ fullName, email, role }: { fullName: string | null; email: string | null; role: StaffRole }) {
  const pathname = usePathname();
  return (
    <aside className="hidden w-64 shrink-0 flex-col border-r border-gray-200 bg-white md:flex">
      <nav aria-label="Staff" className="flex-1 space-y-1 p-4">
        {navLinksFor(role).map((link) => (
          <StaffSectionLink
            key={link.href}
            link={link}
            pathname={pathname}
            className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium"
            activeClassName="bg-brand-50 text-brand-800"
            idleClassName="text-gray-700 hover:bg-gray-100"
          />
        ))}
      </nav>
      <div className="border-t border-gray-200 p-4 text-sm">
        <p className="font-semibold text-gray-900">{fullName || "Admin User"}</p>
        <p className="truncate text-gray-600">{email || "{email}"}</p>
      </div>
    </aside>
  );
}
