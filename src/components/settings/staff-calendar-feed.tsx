"use client";

import { api } from "@/trpc/react";
import { CalendarFeedCard } from "./calendar-feed-card";

/** Settings → General: the signed-in staff member's feed of every visit. */
export function StaffCalendarFeed() {
  const utils = api.useUtils();
  const feed = api.calendarFeeds.staffFeed.useQuery({});
  const create = api.calendarFeeds.createStaffFeed.useMutation({ onSuccess: () => utils.calendarFeeds.staffFeed.invalidate() });
  const revoke = api.calendarFeeds.revokeStaffFeed.useMutation({ onSuccess: () => utils.calendarFeeds.staffFeed.invalidate() });
  return (
    <CalendarFeedCard
      what="every visit on the schedule"
      feed={feed}
      create={() => create.mutateAsync({})}
      revoke={() => revoke.mutateAsync({})}
      busy={create.isPending || revoke.isPending}
    />
  );
}
