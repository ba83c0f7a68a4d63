import type { ReactNode } from "react";

/** A quote the customer can no longer open (withdrawn, or past its last day): why, and what to do. */
export function QuoteUnavailable({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">This quote is no longer available</h1>
      <p className="mt-3 text-gray-700">{message}</p>
      {children}
    </div>
  );
}
