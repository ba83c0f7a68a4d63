import { z } from "zod";
import { TIME_PATTERN } from "@/lib/business-time";
import { NOTIFY_BY, TEXT_CONSENT_METHODS, TEXT_NOTICE_KINDS, type TextNoticeKind } from "@/lib/texts";

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` });

const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time such as 21:00` })
    .regex(TIME_PATTERN, { error: `${label} must be a time such as 21:00` })
    .describe("HH:mm, Austin time");

/** Settings → Texts: which notices go by text, and the caps that bound what texts cost. */
export const ZTextSettingsSchema = z
  .object({
    notices: z.object(Object.fromEntries(TEXT_NOTICE_KINDS.map((kind) => [kind, z.boolean()])) as Record<TextNoticeKind, z.ZodBoolean>),
    /** The most texts one customer is sent in an Austin day (answers to STOP, START and HELP aside). */
    customerDailyCap: wholeNumber("Texts a customer a day", 1, 50),
    /** The most texts the business sends in an Austin day. */
    businessDailyCap: wholeNumber("Texts a day for the business", 1, 10_000),
    /**
     * No text from `quietFrom` until `quietUntil`, Austin time (9 PM to 8 AM unless the owner chooses
     * otherwise): what falls there waits. Answers to STOP, START and HELP are not held.
     */
    quietFrom: timeOfDay("Quiet hours start"),
    quietUntil: timeOfDay("Quiet hours end"),
  })
  .refine((settings) => settings.quietFrom !== settings.quietUntil, {
    error: "Quiet hours must start and end at different times",
    path: ["quietUntil"],
  });
export type TTextSettings = z.output<typeof ZTextSettingsSchema>;

/** A customer's own choice, in the portal or on a form: consent to texts, and how notices come. */
export const ZTextPreferenceSchema = z.object({
  textConsent: z.boolean({ error: "Say whether we may text you" }),
  notifyBy: z.enum(NOTIFY_BY, { error: "Choose email, text or both" }).optional(),
});
export type TTextPreference = z.output<typeof ZTextPreferenceSchema>;

/** Staff recording what a customer said on the phone. */
export const ZStaffTextConsentSchema = z.object({
  textConsent: z.boolean({ error: "Say whether the customer agreed to texts" }),
  notifyBy: z.enum(NOTIFY_BY, { error: "Choose email, text or both" }).optional(),
});

export const ZTextConsentMethodSchema = z.enum(TEXT_CONSENT_METHODS);
