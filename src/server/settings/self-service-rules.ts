import { eq } from "drizzle-orm";
import { DEFAULT_SELF_SERVICE_RULES, ZSelfServiceRulesSchema, type TSelfServiceRules } from "@/lib/validation/self-service";
import type { Db } from "@/server/db";
import { businessSettings } from "@/server/db/schema";

export const SELF_SERVICE_SETTING = "customer_self_service";

/** The business's rules for customers' own changes; the defaults until staff save their own (docs/product-rules.md). */
export async function getSelfServiceRules(db: Db): Promise<TSelfServiceRules> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, SELF_SERVICE_SETTING));
  // A stored value that no longer parses (an older shape) falls back field by field to the defaults.
  const parsed = ZSelfServiceRulesSchema.partial().safeParse(row?.value ?? {});
  const stored = parsed.success ? Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) : {};
  return { ...DEFAULT_SELF_SERVICE_RULES, ...stored };
}

export async function saveSelfServiceRules(db: Db, rules: TSelfServiceRules): Promise<TSelfServiceRules> {
  const value = ZSelfServiceRulesSchema.parse(rules);
  await db
    .insert(businessSettings)
    .values({ key: SELF_SERVICE_SETTING, value })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: new Date() } });
  return value;
}
