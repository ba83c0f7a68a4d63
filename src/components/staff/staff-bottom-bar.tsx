"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";
import type { StaffRole } from "@/lib/staff-roles";
import { isActiveLink, isStaffBottomBarPath, navLinksFor } from "./staff-nav";

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
        {links.map(({ href, label, icon: Icon }) => {
          const active = isActiveLink(pathname, href);
          return (
            <li key={href}>
              <Link
                prefetch={false}
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium",
                  active ? "text-brand-700" : "text-gray-600",
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
