"use client";

import { Plus } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { plusButtonTarget } from "./staff-nav";

/** Phone-only shortcut to the current section's new-item form. */
export function FloatingPlusButton() {
  const pathname = usePathname();
  const target = plusButtonTarget(pathname);
  return (
    <Link
      prefetch={false}
      href={target.href}
      aria-label={target.label}
      className="fixed right-4 bottom-20 z-40 flex size-14 items-center justify-center rounded-full bg-accent-700 text-white shadow-lg hover:bg-accent-600 md:hidden"
    >
      <Plus aria-hidden="true" className="size-7" />
    </Link>
  );
}
