import { eq } from "drizzle-orm";
import { DEFAULT_TAX_RATE_BASIS_POINTS } from "@/lib/quote-totals";
import { ZQuoteSettingsSchema } from "@/lib/validation/quotes";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";

const QUOTE_SETTINGS_KEY = "quotes";

export type QuoteSettings = { taxRateBasisPoints: number };

/** The tax rate new quotes take (Austin's 8.25% until staff set another). */
export async function getQuoteSettings(db: Db): Promise<QuoteSettings> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, QUOTE_SETTINGS_KEY));
  const parsed = ZQuoteSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { taxRateBasisPoints: DEFAULT_TAX_RATE_BASIS_POINTS };
}

export async function saveQuoteSettings(db: Db, settings: QuoteSettings): Promise<QuoteSettings> {
  await db
    .insert(businessSettings)
    .values({ key: QUOTE_SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value: settings, updatedAt: new Date() } });
  return settings;
}
