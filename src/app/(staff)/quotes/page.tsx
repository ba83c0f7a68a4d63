import type { Metadata } from "next";
import { QuotesScreen } from "@/components/quotes/quotes-screen";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Quotes" };

export default async function QuotesPage() {
  await requireStaffPage("/quotes");
  await prefetchApi.quotes.list.prefetch({});
  return (
    <HydrateClient>
      <QuotesScreen />
    </HydrateClient>
  );
}
