"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { controlClasses, FieldError, TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { ZNotificationSettingsSchema, type TNotificationSettings } from "@/lib/validation/notifications";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";

// Every half hour from 6:00 AM to 9:00 PM.
const REMINDER_TIMES = Array.from({ length: 31 }, (_, index) => {
  const minutes = 6 * 60 + index * 30;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const hour = Math.floor(minutes / 60) % 12 || 12;
  return { value, label: `${hour}:${String(minutes % 60).padStart(2, "0")} ${minutes < 12 * 60 ? "AM" : "PM"}` };
});

const TOGGLES: Array<{ name: "notifyNewBooking" | "notifyNewMessage" | "notifyNewInquiry"; label: string }> = [
  { name: "notifyNewBooking", label: "A customer books a visit on the website" },
  { name: "notifyNewMessage", label: "A customer sends a message from the portal" },
  { name: "notifyNewInquiry", label: "Someone sends the website's contact form" },
];

/** Settings → Notifications: the office address, what it hears of, and the customers' reminders. */
export function NotificationSettingsForm() {
  const settings = api.notifications.settings.useQuery({});
  const utils = api.useUtils();
  const form = useForm<z.input<typeof ZNotificationSettingsSchema>, unknown, TNotificationSettings>({
    resolver: zodResolver(ZNotificationSettingsSchema),
    defaultValues: {
      officeEmail: "",
      notifyNewBooking: true,
      notifyNewMessage: true,
      notifyNewInquiry: true,
      remindersEnabled: true,
      reminderTime: "17:00",
    },
  });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const save = api.notifications.updateSettings.useMutation({
    onSuccess: async () => {
      toast({ title: "Notification settings saved" });
      await utils.notifications.settings.invalidate();
    },
    onError: (error) => toast({ title: "Could not save", description: errorMessage(error), variant: "destructive" }),
  });

  if (settings.isPending) return <Spinner label="Loading notification settings" />;
  if (settings.isError) return <p className="text-sm text-red-700">Notification settings could not be loaded.</p>;

  const errors = form.formState.errors;
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="space-y-6"
      aria-labelledby="notifications-heading"
    >
      <div>
        <h2 id="notifications-heading" className="text-lg font-semibold text-gray-900">
          Email notifications
        </h2>
        <p className="text-sm text-gray-700">
          Customers always get their booking confirmation and notes when you confirm, move or cancel a visit.
        </p>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-gray-900">Tell the office</legend>
        <TextField
          label="Office email address"
          type="email"
          autoComplete="email"
          error={errors.officeEmail?.message}
          {...form.register("officeEmail")}
        />
        {TOGGLES.map((toggle) => (
          <label key={toggle.name} className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
            <input type="checkbox" className="size-5 rounded border-gray-300 accent-brand-700" {...form.register(toggle.name)} />
            {toggle.label}
          </label>
        ))}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-gray-900">Remind customers</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
          <input type="checkbox" className="size-5 rounded border-gray-300 accent-brand-700" {...form.register("remindersEnabled")} />
          Email each customer the day before their visit
        </label>
        <div className="max-w-xs">
          <label htmlFor="reminder-time" className="mb-1 block text-sm font-medium text-gray-800">
            Send reminders at (Austin time)
          </label>
          <select id="reminder-time" className={controlClasses(Boolean(errors.reminderTime))} {...form.register("reminderTime")}>
            {REMINDER_TIMES.map((time) => (
              <option key={time.value} value={time.value}>
                {time.label}
              </option>
            ))}
          </select>
          <FieldError message={errors.reminderTime?.message} />
        </div>
        <p className="text-xs text-gray-600">Customers can turn reminders off in My Account or with the link in any email.</p>
      </fieldset>

      <SubmitButton disabled={save.isPending}>{save.isPending ? "Saving…" : "Save notification settings"}</SubmitButton>
    </form>
  );
}
