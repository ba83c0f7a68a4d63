import type { Metadata } from "next";
import { RoundsDueScreen } from "@/components/rounds-due/rounds-due-screen";
import { addDays, businessToday } from "@/lib/business-time";
import { ZRoundsDueRangeInput } from "@/lib/validation/rounds-due";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Rounds due" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The lawn programs' rounds due in the range in the address (two weeks from today unless told), for owners and office. */
export default async function RoundsDuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage("/programs");
  const params = await searchParams;
  const today = businessToday();
  const asked = params.from !== undefined || params.to !== undefined;
  const parsed = ZRoundsDueRangeInput.safeParse({ from: params.from, to: params.to });
  const range = parsed.success ? parsed.data : { from: today, to: addDays(today, 13) };
  const problem = asked && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  await Promise.all([prefetchApi.roundsDue.list.prefetch(range), prefetchApi.crews.list.prefetch({})]);
  return (
    <HydrateClient>
      <RoundsDueScreen range={range} today={today} problem={problem} />
    </HydrateClient>
  );
}
