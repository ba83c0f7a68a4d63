"use client";

import { useState } from "react";
import { CalendarFeedCard } from "@/components/settings/calendar-feed-card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";
import { TextPreferences } from "./text-preferences";

/** My Account → Profile: the day-before reminder, texts and the customer's own calendar feed. */
export function NotificationPreferences({ phone }: { phone: string | null }) {
  const utils = api.useUtils();
  const preference = api.notifications.reminderPreference.useQuery({});
  // The box follows the click at once; a failed save puts it back.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const update = api.notifications.updateReminderPreference.useMutation({
    onSuccess: async (saved) => {
      toast({ title: saved.remindersEnabled ? "Reminders turned on" : "Reminders turned off" });
      await utils.notifications.reminderPreference.invalidate();
    },
    onError: (error) => {
      setChosen(null);
      toast({ title: "Could not save", description: errorMessage(error), variant: "destructive" });
    },
  });
  const feed = api.calendarFeeds.customerFeed.useQuery({});
  const create = api.calendarFeeds.createCustomerFeed.useMutation({ onSuccess: () => utils.calendarFeeds.customerFeed.invalidate() });
  const revoke = api.calendarFeeds.revokeCustomerFeed.useMutation({ onSuccess: () => utils.calendarFeeds.customerFeed.invalidate() });

  return (
    <div className="mt-6 space-y-6 rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
      <section aria-labelledby="reminders-heading" className="space-y-2">
        <h2 id="reminders-heading" className="text-lg font-semibold text-gray-900">
          Visit reminders
        </h2>
        {preference.isPending ? (
          <Spinner label="Loading reminder setting" />
        ) : preference.isError ? (
          <p className="text-sm text-red-700">Your reminder setting could not be loaded.</p>
        ) : (
          <label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
            <input
              type="checkbox"
              className="size-5 rounded border-gray-300 accent-brand-700"
              checked={chosen ?? preference.data.remindersEnabled}
              disabled={update.isPending}
              onChange={(event) => {
                setChosen(event.target.checked);
                update.mutate({ remindersEnabled: event.target.checked });
              }}
            />
            Email me the day before each visit
          </label>
        )}
      </section>
      <TextPreferences phone={phone} />
      <CalendarFeedCard
        what="your visits"
        feed={feed}
        create={() => create.mutateAsync({})}
        revoke={() => revoke.mutateAsync({})}
        busy={create.isPending || revoke.isPending}
      />
    </div>
  );
}
