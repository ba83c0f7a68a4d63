"use client";

import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { X } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { CUSTOMER_ACCOUNT_PATH, CUSTOMER_LOGIN_PATH, HEADER_LINKS, isCurrentPath } from "./nav-links";

const drawerLinkClasses = (current: boolean) =>
  cn(
    "flex min-h-12 items-center rounded-lg px-3 text-base font-medium",
    current ? "bg-brand-50 text-brand-800" : "text-gray-800 hover:bg-gray-100",
  );

/** The phone menu (below 768 px): a side drawer with the site links and the account links. */
export function MobileDrawer({
  pathname,
  signedIn,
  onClose,
  onLogout,
}: {
  pathname: string;
  signedIn: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50 md:hidden">
      <div className="fixed inset-0 bg-gray-900/50" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-xs">
        <DialogPanel className="flex w-full flex-col overflow-y-auto bg-white px-4 pb-6 shadow-xl">
          <div className="flex h-16 items-center justify-between">
            <DialogTitle className="text-lg font-semibold text-brand-900">Menu</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="inline-flex size-11 items-center justify-center rounded-lg text-gray-800 hover:bg-gray-100"
            >
              <X className="size-6" aria-hidden="true" />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
          <nav aria-label="Mobile" className="mt-2">
            <ul className="space-y-1">
              {HEADER_LINKS.map((link) => {
                const current = isCurrentPath(pathname, link.href);
                return (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      onClick={onClose}
                      aria-current={current ? "page" : undefined}
                      className={drawerLinkClasses(current)}
                    >
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="mt-4 space-y-1 border-t border-gray-200 pt-4">
            {signedIn ? (
              <>
                <Link
                  href={CUSTOMER_ACCOUNT_PATH}
                  onClick={onClose}
                  className={drawerLinkClasses(isCurrentPath(pathname, CUSTOMER_ACCOUNT_PATH))}
                >
                  My Account
                </Link>
                <button type="button" onClick={onLogout} className={cn(drawerLinkClasses(false), "w-full")}>
                  Logout
                </button>
              </>
            ) : (
              <Link href={CUSTOMER_LOGIN_PATH} onClick={onClose} className={drawerLinkClasses(false)}>
                Login
              </Link>
            )}
          </div>
          <Link href="/book" onClick={onClose} className={buttonClasses("accent", "lg", "mt-6 w-full")}>
            Book Now
          </Link>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
