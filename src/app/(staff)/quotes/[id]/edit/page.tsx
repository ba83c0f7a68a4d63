import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { QuoteBuilder } from "@/components/quotes/quote-builder";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Revise quote" };

export default async function ReviseQuotePage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaffPage("/quotes");
  const { id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  const quote = await (await serverApi()).quotes.get({ id: Number(id) }).catch(() => null);
  if (!quote) notFound();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Revise quote Q-{quote.id}</h1>
      <p className="text-sm text-gray-700">
        {quote.sentAt
          ? "The customer may have seen it: saving makes a new version, which their link shows from then on."
          : "A draft: saving changes it in place."}
      </p>
      <QuoteBuilder quote={quote} />
    </div>
  );
}
