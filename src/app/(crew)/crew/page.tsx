import type { Metadata } from "next";
import { CrewDayScreen } from "@/components/crew/crew-day-screen";
import { requireStaffPage } from "@/server/app/sign-in-gates";
import { staffLogoutAction } from "@/server/forms/staff-logout-action";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Crew day" };

/**
 * A crew member's home after signing in: today's stops for their crew, rendered with the page so it
 * shows at once, then kept on the phone to work without signal.
 */
export default async function CrewPage() {
  const { user } = await requireStaffPage("/crew");
  const api = await serverApi();
  const [day, crews] = await Promise.all([api.crewDay.today({}), api.crews.list({})]);
  const crewName = crews.find((crew) => crew.id === day.crewId)?.name ?? null;
  return (
    <>
      <nav aria-label="Crew" className="flex items-center justify-between bg-brand-800 px-4 py-2 text-white">
        <span className="font-semibold">GreenScape Crew</span>
        <span className="flex gap-3 text-sm whitespace-nowrap">
          <a href="/schedule" className="flex min-h-11 items-center underline-offset-2 hover:underline">
            Schedule
          </a>
          <a href="/settings" className="flex min-h-11 items-center underline-offset-2 hover:underline">
            Settings
          </a>
          {/* Actions not yet sent stay on this phone under this member's name and go at the next sign-in. */}
          <form action={staffLogoutAction}>
            <button type="submit" className="flex min-h-11 items-center underline-offset-2 hover:underline">
              Sign out
            </button>
          </form>
        </span>
      </nav>
      <main>
        <CrewDayScreen initialDay={{ ...day, savedAt: new Date().toISOString() }} crewName={crewName} username={user.username} />
      </main>
    </>
  );
}
