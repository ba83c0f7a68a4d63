import type { Metadata } from "next";
import { RouteScreen } from "@/components/staff/route/route-screen";
import { businessToday, isDateString } from "@/lib/business-time";
import { requireStaff } from "@/server/app/sign-in-gates";

export const metadata: Metadata = { title: "Route" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * A crew's day on the map, in order, with the drive between stops; the office also optimizes it.
 * A crew member sees their own crew's day whatever the address asks for (the server says the same).
 */
export default async function RoutePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const { user } = await requireStaff();
  const today = businessToday();
  const date = typeof params.date === "string" && isDateString(params.date) ? params.date : today;
  const asked = typeof params.crew === "string" && /^\d{1,9}$/.test(params.crew) ? Number(params.crew) : null;
  const crewId = user.role === "crew" ? user.crewId : asked;
  return <RouteScreen initialCrewId={crewId} initialDate={date} ownCrewOnly={user.role === "crew"} />;
}
