"use client";

import { LogOut } from "lucide-react";
import Link from "next/link";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { StaffRole } from "@/lib/staff-roles";
import { navLinksFor } from "./staff-nav";

/**
 * The header's account menu, written out rather than taken from Headless UI: its Menu and the
 * floating-position code it brings weigh about 34 kB gzip, which every staff page would load on
 * a phone for two links. It keeps the menu button pattern: Escape, outside clicks and choosing
 * close it; arrow keys, Home and End move between the items; focus returns to the button.
 * On a phone it is the way to the sections the bottom bar has no room for (Quotes, Reports, Settings).
 */
export function AccountMenu({
  initials,
  fullName,
  email,
  role,
  onLogout,
}: {
  initials: string;
  fullName: string;
  email: string;
  role: StaffRole;
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(itemsRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: list.length - 1 };
    if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault();
      close(event.key === "Escape");
    } else if (event.key in moves) {
      event.preventDefault();
      list[(moves[event.key]! + list.length) % list.length]?.focus();
    }
  };

  const ITEM =
    "flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-left text-sm text-gray-800 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none";
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={`Account menu for ${fullName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex size-11 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
      >
        <span data-testid="user-initials">{initials}</span>
      </button>
      {open ? (
        <div
          ref={itemsRef}
          id={menuId}
          role="menu"
          aria-label={`Account menu for ${fullName}`}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2 text-sm">
            <p className="font-semibold text-gray-900">{fullName}</p>
            <p className="truncate text-gray-600">{email}</p>
          </div>
          {navLinksFor(role)
            .filter((link) => !link.inBottomBar)
            .map((link) => (
              <Link
                key={link.href}
                prefetch={false}
                href={link.href}
                role="menuitem"
                tabIndex={-1}
                className={ITEM}
                onClick={() => close(false)}
              >
                <link.icon aria-hidden="true" className="size-4" />
                {link.label}
              </Link>
            ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={ITEM}
            onClick={() => {
              close(false);
              onLogout();
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}
