"use client";

import { CalendarCheck, House, Leaf, Mail } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";
import { isCurrentPath } from "./nav-links";
import { useCustomerSession } from "./use-customer-session";

// Public layout: on phones, visitors who are not signed in get this bar.
const BOTTOM_BAR_LINKS = [
  { href: "/", label: "Home", icon: House },
  { href: "/book", label: "Book", icon: CalendarCheck },
  { href: "/services", label: "Services", icon: Leaf },
  { href: "/contact", label: "Contact", icon: Mail },
] as const;

export function MobileBottomBar() {
  const pathname = usePathname();
  const { signedIn } = useCustomerSession();
  if (signedIn) return null;

  return (
    <>
      {/* Keeps the end of the page clear of the fixed bar. */}
      <div className="h-16 md:hidden" aria-hidden="true" />
      <nav aria-label="Quick links" className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white md:hidden">
        <ul className="grid h-16 grid-cols-4">
          {BOTTOM_BAR_LINKS.map(({ href, label, icon: Icon }) => {
            const current = isCurrentPath(pathname, href);
            return (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "flex h-full flex-col items-center justify-center gap-1 text-xs font-medium",
                    current ? "text-brand-700" : "text-gray-600 hover:text-gray-900",
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
