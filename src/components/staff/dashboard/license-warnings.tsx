import { ShieldAlert } from "lucide-react";
import Link from "next/link";

/**
 * The owners' warning of applicator licenses expired or expiring within 30 days, each in a
 * sentence, linking to Settings → Staff where they are renewed.
 */
export function LicenseWarnings({ warnings }: { warnings: Array<{ staffUserId: number; message: string }> }) {
  return (
    <section aria-labelledby="license-warnings-heading" className="rounded-xl border border-orange-200 bg-orange-50 p-4 shadow-sm">
      <h2 id="license-warnings-heading" className="flex items-center gap-2 text-base font-semibold text-orange-900">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-orange-700" />
        Applicator licenses
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-orange-900" data-testid="license-warnings">
        {warnings.map((warning) => (
          <li key={warning.staffUserId}>{warning.message}</li>
        ))}
      </ul>
      <Link
        href="/settings/staff"
        prefetch={false}
        className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-orange-900 underline"
      >
        Renew in Settings → Staff
      </Link>
    </section>
  );
}
