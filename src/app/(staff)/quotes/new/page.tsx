import type { Metadata } from "next";
import { QuoteBuilder } from "@/components/quotes/quote-builder";
import { RequestPhotos } from "@/components/quotes/request-photos";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "New quote" };

const idOf = (value: string | string[] | undefined) =>
  typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

/** A new quote: from a request (?requestId=), for a customer (?customerId=), or from scratch. */
export default async function NewQuotePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaffPage("/quotes");
  const params = await searchParams;
  const requestId = idOf(params.requestId);
  const customerId = idOf(params.customerId);
  const request = requestId ? await (await serverApi()).quoteRequests.get({ id: requestId }).catch(() => null) : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">New quote</h1>
      {request ? (
        <section className="rounded-xl border border-gray-200 bg-white p-4 text-sm">
          <p className="font-medium text-gray-900">
            For {request.name} · {request.email} · {request.address} {request.zipCode}
          </p>
          <p className="mt-1 whitespace-pre-line text-gray-700">{request.description}</p>
          {request.preferredTime ? <p className="mt-1 text-gray-600">Prefers: {request.preferredTime}</p> : null}
          <div className="mt-3 empty:hidden">
            <RequestPhotos requestId={request.id} photoIds={request.photoIds} />
          </div>
        </section>
      ) : null}
      <QuoteBuilder requestId={request?.id} customerId={customerId} />
    </div>
  );
}
