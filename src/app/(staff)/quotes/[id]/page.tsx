import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { QuoteDetail } from "@/components/quotes/quote-detail";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Quote" };

export default async function QuotePage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaffPage("/quotes");
  const { id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  await prefetchApi.quotes.get.prefetch({ id: Number(id) });
  return (
    <HydrateClient>
      <QuoteDetail id={Number(id)} />
    </HydrateClient>
  );
}
