import Link from "next/link";
import { BUSINESS } from "@/lib/business";

export function SiteLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link href="/" onClick={onNavigate} className="flex min-h-11 items-center gap-2 rounded-lg font-bold text-brand-900">
      {/* A plain <img>: next/image does not resize SVGs and would add a client component to every page. */}
      <img src="/images/logo.svg" alt="" width={36} height={36} />
      <span className="whitespace-nowrap text-lg tracking-tight">{BUSINESS.name}</span>
    </Link>
  );
}
