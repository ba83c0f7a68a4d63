"use client";

import Link from "next/link";
import { cn } from "@/lib/cn";
import { isActiveLink, type StaffNavLink } from "./staff-nav";

/**
 * One staff section's link, its icon before its name, marked as the current page on that section.
 * Staff pages are rendered per request with no loading state, so a prefetch would only cost the phone.
 */
export function StaffSectionLink({
  link: { href, label, icon: Icon },
  pathname,
  className,
  activeClassName,
  idleClassName,
}: {
  link: StaffNavLink;
  pathname: string;
  className: string;
  activeClassName: string;
  idleClassName: string;
}) {
  const active = isActiveLink(pathname, href);
  return (
    <Link
      prefetch={false}
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(className, active ? activeClassName : idleClassName)}
    >
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </Link>
  );
}
