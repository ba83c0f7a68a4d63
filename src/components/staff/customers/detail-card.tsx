import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

/** One card of the customer's page: its heading, then a spinner, the failure, or what it shows. */
export function DetailCard({
  id,
  title,
  query,
  loading,
  failed,
  children,
}: {
  id: string;
  title: string;
  query: { isPending: boolean; isError: boolean };
  loading: string;
  failed: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {query.isPending ? <Spinner label={loading} /> : null}
      {query.isError ? <p className="text-sm text-red-700">{failed}</p> : null}
      {children}
    </section>
  );
}
