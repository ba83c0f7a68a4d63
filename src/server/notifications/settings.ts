import { eq } from "drizzle-orm";
import { BUSINESS } from "@/lib/business";
import { ZNotificationSettingsSchema, type TNotificationSettings } from "@/lib/validation/notifications";
import { cachedReference, forgetReferenceData } from "@/server/cache/reference-data";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";

export const NOTIFICATION_SETTINGS_KEY = "notifications";

/** Until staff choose otherwise: everything on, to the business's own address, reminders at 5 pm. */
export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  officeEmail: BUSINESS.email,
  notifyNewBooking: true,
  notifyNewMessage: true,
  notifyNewInquiry: true,
  remindersEnabled: true,
  reminderTime: "17:00",
};

/** Read by every booking's announcement: kept between writes to the settings (reference-data.ts). */
export async function getNotificationSettings(db: Db): Promise<TNotificationSettings> {
  return cachedReference(NOTIFICATION_SETTINGS_KEY, async () => {
    const [row] = await db
      .select({ value: businessSettings.value })
      .from(businessSettings)
      .where(eq(businessSettings.key, NOTIFICATION_SETTINGS_KEY));
    // A stored value from an older release may lack newer fields: they take their defaults.
    const parsed = ZNotificationSettingsSchema.safeParse({ ...DEFAULT_NOTIFICATION_SETTINGS, ...(row?.value as object | undefined) });
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
  });
}

export async function saveNotificationSettings(db: Db, settings: TNotificationSettings): Promise<TNotificationSettings> {
  await db
    .insert(businessSettings)
    .values({ key: NOTIFICATION_SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value: settings, updatedAt: new Date() } });
  forgetReferenceData();
  return settings;
}
