import { Leaf } from "lucide-react";
import Link from "next/link";
import { BUSINESS } from "@/lib/business";

export function StaffLogo() {
  return (
    <Link prefetch={false} href="/" className="flex min-h-11 items-center gap-2 rounded-lg font-bold text-brand-800">
      <span className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-white">
        <Leaf aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg">{BUSINESS.name}</span>
    </Link>
  );
}
