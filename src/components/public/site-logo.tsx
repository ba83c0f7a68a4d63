import Image from "next/image";
import Link from "next/link";
import { BUSINESS } from "@/lib/business";

export function SiteLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link href="/" onClick={onNavigate} className="flex min-h-11 items-center gap-2 rounded-lg font-bold text-brand-900">
      <Image src="/images/logo.svg" alt="" width={36} height={36} />
      <span className="whitespace-nowrap text-lg tracking-tight">{BUSINESS.name}</span>
    </Link>
  );
}
