import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** What a My Account list shows when it has nothing yet: an icon, the words, and what to do next. */
export function PortalEmptyState({
  icon: Icon,
  text,
  className = "mt-4",
  children,
}: {
  icon: LucideIcon;
  text: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("rounded-xl border border-dashed border-gray-300 p-6 text-center", className)}>
      <Icon aria-hidden="true" className="mx-auto size-8 text-gray-500" />
      <p className="mt-2 text-gray-700">{text}</p>
      {children}
    </div>
  );
}
