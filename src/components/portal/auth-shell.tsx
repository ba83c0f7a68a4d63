import Link from "next/link";
import type { ReactNode } from "react";
import { Leaf } from "lucide-react";
import { BUSINESS } from "@/lib/business";

/** The customer login and register pages render without the site layout. */
export function AuthShell({
  title,
  subtitle,
  aside,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-brand-50">
      <header className="px-4 py-4 sm:px-8">
        <Link href="/" className="inline-flex min-h-11 items-center gap-2 text-lg font-bold text-brand-800">
          <Leaf aria-hidden="true" className="size-6 text-brand-600" />
          {BUSINESS.name}
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="grid w-full max-w-5xl overflow-hidden rounded-2xl bg-white shadow-lg md:grid-cols-5">
          <section className="p-6 sm:p-10 md:col-span-3">
            <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
            <p className="mt-2 text-gray-700">{subtitle}</p>
            <div className="mt-6">{children}</div>
          </section>
          {aside ? <aside className="bg-brand-800 p-6 text-brand-50 sm:p-10 md:col-span-2">{aside}</aside> : null}
        </div>
      </main>
    </div>
  );
}
