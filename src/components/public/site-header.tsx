"use client";

import { Menu } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { CUSTOMER_ACCOUNT_PATH, CUSTOMER_LOGIN_PATH, HEADER_LINKS, isCurrentPath } from "./nav-links";
import { SiteLogo } from "./site-logo";
import { useCustomerLogout, useCustomerSession } from "./use-customer-session";

// The drawer (and Headless UI with it) loads only when a phone visitor opens the menu, which keeps
// it out of every page's first load.
const loadDrawer = () => import("./mobile-drawer");
const MobileDrawer = dynamic(() => loadDrawer().then((module) => module.MobileDrawer), { ssr: false });

const navLinkClasses = (current: boolean) =>
  cn(
    "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors",
    current ? "bg-brand-50 text-brand-800" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900",
  );

/** Public layout: desktop navigation from 768 px, a side drawer below it. */
export function SiteHeader() {
  const pathname = usePathname();
  const { signedIn } = useCustomerSession();
  const { logout, pending } = useCustomerLogout();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <SiteLogo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((link) => {
              const current = isCurrentPath(pathname, link.href);
              return (
                <li key={link.href}>
                  <Link href={link.href} aria-current={current ? "page" : undefined} className={navLinkClasses(current)}>
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-1 md:flex">
            {signedIn ? (
              <>
                <Link href={CUSTOMER_ACCOUNT_PATH} className={navLinkClasses(isCurrentPath(pathname, CUSTOMER_ACCOUNT_PATH))}>
                  My Account
                </Link>
                <button type="button" onClick={logout} disabled={pending} className={navLinkClasses(false)}>
                  Logout
                </button>
              </>
            ) : (
              <Link href={CUSTOMER_LOGIN_PATH} className={navLinkClasses(false)}>
                Login
              </Link>
            )}
          </div>
          {/* Phones reach /book from the bottom bar and the drawer. */}
          <div className="hidden sm:block">
            <Link href="/book" className={buttonClasses("accent", "md")}>
              Book Now
            </Link>
          </div>
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            // Start fetching the drawer as the finger lands, so it opens without a wait.
            onPointerDown={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            className="inline-flex size-11 items-center justify-center rounded-lg text-gray-800 hover:bg-gray-100 md:hidden"
          >
            <Menu className="size-6" aria-hidden="true" />
            <span className="sr-only">Open menu</span>
          </button>
        </div>
      </div>
      {menuOpen ? (
        <MobileDrawer
          pathname={pathname}
          signedIn={signedIn}
          onClose={() => setMenuOpen(false)}
          onLogout={() => {
            setMenuOpen(false);
            logout();
          }}
        />
      ) : null}
    </header>
  );
}
