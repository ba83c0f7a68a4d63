"use client";

import { controlClasses, FieldError, TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import { ZNotificationSettingsSchema } from "@/lib/validation/notifications";
import { api } from "@/trpc/react";
import { SavedSettingsForm, saveFeedback, useSavedSettingsForm } from "./panel-parts";

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

const DEFAULT_SETTINGS = {
  officeEmail: "",
  notifyNewBooking: true,
  notifyNewMessage: true,
  notifyNewInquiry: true,
  remindersEnabled: true,
  reminderTime: "17:00",
};

/** Settings → Notifications: the office address, what it hears of, and the customers' reminders. */
export function NotificationSettingsForm() {
  const settings = api.notifications.settings.useQuery({});
  const utils = api.useUtils();
  const form = useSavedSettingsForm(ZNotificationSettingsSchema, DEFAULT_SETTINGS, settings.data);
  const save = api.notifications.updateSettings.useMutation(
    saveFeedback("Notification settings saved", () => utils.notifications.settings.invalidate()),
  );

  const errors = form.formState.errors;
  return (
    <SavedSettingsForm
      query={settings}
      loading="Loading notification settings"
      failed="Notification settings could not be loaded."
      headingId="notifications-heading"
      title="Email notifications"
      intro="Customers always get their booking confirmation and notes when you confirm, move or cancel a visit."
      className="space-y-6"
      form={form}
      save={save}
      submit="Save notification settings"
    >
      {() => (
        <>
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-gray-900">Tell the office</legend>
            <TextField label="Office email address" type="email" autoComplete="email" {...fieldProps(form, "officeEmail")} />
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
        </>
      )}
    </SavedSettingsForm>
  );
}
