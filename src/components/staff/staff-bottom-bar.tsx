"use client";

import { usePathname } from "next/navigation";
import type { StaffRole } from "@/lib/staff-roles";
import { isStaffBottomBarPath, navLinksFor } from "./staff-nav";
import { StaffSectionLink } from "./staff-section-link";

/** Phone navigation: shown to signed-in staff on the staff sections only. */
export function StaffBottomBar({ role }: { role: StaffRole }) {
  const pathname = usePathname();
  if (!isStaffBottomBarPath(pathname)) return null;
  const links = navLinksFor(role).filter((link) => link.inBottomBar);
  return (
    <nav
      aria-label="Staff sections"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid" style={{ gridTemplateColumns: `repeat(${links.length}, minmax(0, 1fr))` }}>
        {links.map((link) => (
          <li key={link.href}>
            <StaffSectionLink
              link={link}
              pathname={pathname}
              className="flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium"
              activeClassName="text-brand-700"
              idleClassName="text-gray-600"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
