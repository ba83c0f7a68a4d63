import type { Metadata } from "next";
import { Suspense } from "react";
import { ScheduleScreen } from "@/components/staff/schedule/schedule-screen";
import { PageSpinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Schedule" };

export default function SchedulePage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ScheduleScreen />
    </Suspense>
  );
}
