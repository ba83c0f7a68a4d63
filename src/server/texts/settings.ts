import { eq } from "drizzle-orm";
import { TEXT_NOTICE_KINDS, type TextNoticeKind } from "@/lib/texts";
import { ZTextSettingsSchema, type TTextSettings } from "@/lib/validation/texts";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";

export const TEXT_SETTINGS_KEY = "texts";

/** Until the owner chooses otherwise: every notice may go by text, within modest caps. */
export const DEFAULT_TEXT_SETTINGS: TTextSettings = {
  notices: Object.fromEntries(TEXT_NOTICE_KINDS.map((kind) => [kind, true])) as Record<TextNoticeKind, boolean>,
  customerDailyCap: 6,
  businessDailyCap: 300,
  quietFrom: "21:00",
  quietUntil: "08:00",
};

export async function getTextSettings(db: Db): Promise<TTextSettings> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, TEXT_SETTINGS_KEY));
  const stored = (row?.value ?? {}) as Partial<TTextSettings>;
  const parsed = ZTextSettingsSchema.safeParse({
    ...DEFAULT_TEXT_SETTINGS,
    ...stored,
    notices: { ...DEFAULT_TEXT_SETTINGS.notices, ...stored.notices },
  });
  return parsed.success ? parsed.data : DEFAULT_TEXT_SETTINGS;
}

export async function saveTextSettings(db: Db, settings: TTextSettings): Promise<TTextSettings> {
  await db
    .insert(businessSettings)
    .values({ key: TEXT_SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value: settings, updatedAt: new Date() } });
  return settings;
}
