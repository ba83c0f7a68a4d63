import type { Metadata } from "next";
import Link from "next/link";
import { BellOff } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";

export const metadata: Metadata = { title: "Visit reminders", robots: { index: false } };

type Search = Promise<{ token?: string | string[]; done?: string | string[] }>;

/**
 * The page behind the unsubscribe link in every customer email. Turning reminders off takes the
 * click on its button (a POST), never the visit alone: mail scanners open links before people do.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Search }) {
  const { token, done } = await searchParams;
  const value = typeof token === "string" ? token : "";
  const outcome = typeof done === "string" ? done : null;

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <BellOff aria-hidden="true" className="size-7" />
      </span>
      {outcome === "1" ? (
        <>
          <h1 className="mt-6 text-2xl font-bold text-gray-900">Visit reminders are off</h1>
          <p className="mt-3 text-gray-700">
            We will no longer email you the day before a visit. Confirmations and changes to your visits still reach you. You can turn
            reminders back on in My Account.
          </p>
        </>
      ) : outcome === "invalid" || !value ? (
        <>
          <h1 className="mt-6 text-2xl font-bold text-gray-900">This link is not valid</h1>
          <p className="mt-3 text-gray-700">
            The unsubscribe link is incomplete or no longer works. You can turn reminders off in My Account.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-6 text-2xl font-bold text-gray-900">Stop visit reminders?</h1>
          <p className="mt-3 text-gray-700">
            We email you the day before each visit. Confirmations and changes to your visits still reach you.
          </p>
          <form method="post" action={`/unsubscribe/one-click?token=${encodeURIComponent(value)}`} className="mt-6">
            <button type="submit" className={buttonClasses("primary", "lg")}>
              Turn off reminders
            </button>
          </form>
        </>
      )}
      <p className="mt-8">
        <Link href="/customer/account" className="font-medium text-brand-700 underline underline-offset-4">
          Go to My Account
        </Link>
      </p>
    </section>
  );
}
