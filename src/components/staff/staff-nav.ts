import { mayOpenPage, type StaffRole } from "@/lib/staff-roles";
import {
  BarChart3,
  CalendarDays,
  CreditCard,
  FileText,
  LayoutDashboard,
  MessageSquare,
  Settings,
  Sprout,
  Truck,
  Users,
  type LucideIcon,
} from "lucide-react";

export interface StaffNavLink {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Settings lives in the sidebar only. */
  inBottomBar: boolean;
}

/**
 * Staff links carry prefetch={false}: every staff page renders per request and has no loading
 * state, so a prefetch brings only the shared layout. On a phone each one cost main-thread time
 * while the page was still starting, and the click got nothing from it.
 */
export const STAFF_NAV_LINKS: readonly StaffNavLink[] = [
  { href: "/crew", label: "My day", icon: Truck, inBottomBar: true },
  { href: "/dashboard", label: "Dashboard", icon: LayoutDashboard, inBottomBar: true },
  { href: "/schedule", label: "Schedule", icon: CalendarDays, inBottomBar: true },
  { href: "/customers", label: "Customers", icon: Users, inBottomBar: true },
  { href: "/messages", label: "Messages", icon: MessageSquare, inBottomBar: true },
  { href: "/payments", label: "Payments", icon: CreditCard, inBottomBar: true },
  { href: "/quotes", label: "Quotes", icon: FileText, inBottomBar: false },
  { href: "/programs", label: "Programs", icon: Sprout, inBottomBar: false },
  { href: "/reports", label: "Reports", icon: BarChart3, inBottomBar: false },
  { href: "/settings", label: "Settings", icon: Settings, inBottomBar: false },
];

/** The links a role may follow: a crew member sees the schedule and their own settings only. */
export function navLinksFor(role: StaffRole): StaffNavLink[] {
  return STAFF_NAV_LINKS.filter((link) => mayOpenPage(role, link.href));
}

const STAFF_SECTION_PREFIXES = ["/schedule", "/customers", "/messages", "/payments", "/quotes", "/programs", "/reports", "/settings"];

function startsWithSection(pathname: string, prefix: string) {
  return pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}?`);
}

/** Signed-in staff see the bottom bar on /dashboard and the staff sections. */
export function isStaffBottomBarPath(pathname: string): boolean {
  return pathname === "/dashboard" || STAFF_SECTION_PREFIXES.some((prefix) => startsWithSection(pathname, prefix));
}

export function isActiveLink(pathname: string, href: string): boolean {
  return startsWithSection(pathname, href);
}

/** The floating plus opens the new-item form of the section, or a new schedule elsewhere. */
export function plusButtonTarget(pathname: string): { href: string; label: string } {
  if (startsWithSection(pathname, "/customers")) return { href: "/customers?new=true", label: "New customer" };
  if (startsWithSection(pathname, "/messages")) return { href: "/messages?new=true", label: "New message" };
  return { href: "/schedule?new=true", label: "New service" };
}

/** The header's initials: first letters of up to two words of the full name, uppercase; 'A' when there is none. */
export function initialsOf(fullName: string | null | undefined): string {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A";
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}
