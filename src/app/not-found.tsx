import type { Metadata } from "next";
import Link from "next/link";
import { PublicShell } from "@/components/public/public-shell";
import { ViewServicesLink } from "@/components/public/view-services-link";
import { buttonClasses } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "Page Not Found",
  description: "The page you were looking for does not exist.",
};

/** Any path no route matches. Next answers it with HTTP 404. */
export default function NotFound() {
  return (
    <PublicShell>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold text-brand-900">404 Page Not Found</h1>
        <p className="mt-3 text-gray-700">This page has gone to seed. The link may be old, or the address mistyped.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href="/" className={buttonClasses("primary", "lg")}>
            Back to Home
          </Link>
          <ViewServicesLink />
        </div>
      </div>
    </PublicShell>
  );
}
