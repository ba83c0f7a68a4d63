import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { TEXT_CONSENT_NEEDS_PHONE, type NotifyBy, type TextConsentMethod } from "@/lib/texts";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";
import type { Db } from "@/server/db";
import { inTransaction } from "@/server/db/in-transaction";
import { customers, inboundTexts, staffUsers, textConsentChanges } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { requireTextNumber, textNumberOf } from "./text-number";

/** The columns that decide whether a customer may be texted. */
export const TEXTING_COLUMNS = {
  phone: customers.phone,
  textNumber: customers.textNumber,
  textConsentAt: customers.textConsentAt,
  textsStoppedAt: customers.textsStoppedAt,
  notifyBy: customers.notifyBy,
};

export interface TextingRecord {
  phone: string | null;
  textNumber: string | null;
  textConsentAt: Date | null;
  textsStoppedAt: Date | null;
  notifyBy: NotifyBy;
}

/**
 * The number a customer may be texted at, or null: only with consent, only while the phone on the
 * record is still the number consent was given for, and never after STOP (until START).
 */
export function textsTo(record: TextingRecord): string | null {
  if (!record.textConsentAt || record.textsStoppedAt || !record.textNumber) return null;
  return textNumberOf(record.phone) === record.textNumber ? record.textNumber : null;
}

/** What a customer (or staff, for them) sees of their texting choice. */
export function textPreferenceOf(record: TextingRecord) {
  return {
    textConsent: record.textConsentAt !== null,
    notifyBy: record.notifyBy,
    /** The number texts go to, as it was agreed (E.164); null without consent. */
    textNumber: record.textNumber,
    /** STOP was texted and no START since. */
    stopped: record.textsStoppedAt !== null,
    /** Texts reach this customer now. */
    canText: textsTo(record) !== null,
  };
}
export type TextPreference = ReturnType<typeof textPreferenceOf>;

export async function getTextPreference(db: Db, customerId: number): Promise<TextPreference> {
  const [record] = await db.select(TEXTING_COLUMNS).from(customers).where(eq(customers.id, customerId));
  if (!record) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return textPreferenceOf(record);
}

export interface ConsentChange {
  given: boolean;
  method: TextConsentMethod;
  /** The words shown beside the box (or the keyword texted). */
  words: string;
  /** Staff recording consent given on the phone. */
  staffUserId?: number | null;
  /** How notices come; giving consent without a choice makes it both, withdrawing it makes it email. */
  notifyBy?: NotifyBy;
}

/**
 * Gives or withdraws a customer's consent to texts and keeps the change (when, how, the words shown,
 * who recorded it). Consent is for the phone on the record, which must be able to take texts; a new
 * consent also undoes an earlier STOP. A change that changes nothing is not kept again.
 */
export async function setTextConsent(db: Db, customerId: number, change: ConsentChange): Promise<TextPreference> {
  return inTransaction(db, async (tx) => {
    const [record] = await tx.select(TEXTING_COLUMNS).from(customers).where(eq(customers.id, customerId)).for("update");
    if (!record) throw new NotFoundError(CUSTOMER_NOT_FOUND);
    const number = change.given ? requirePhone(record.phone) : null;
    const already = change.given ? textsTo(record) === number : record.textConsentAt === null;
    const notifyBy = change.notifyBy ?? (change.given ? (already ? record.notifyBy : "both") : "email");
    const next: TextingRecord = already
      ? { ...record, notifyBy }
      : { ...record, textNumber: number, textConsentAt: change.given ? new Date() : null, textsStoppedAt: null, notifyBy };
    await tx
      .update(customers)
      .set({
        textNumber: next.textNumber,
        textConsentAt: next.textConsentAt,
        textsStoppedAt: next.textsStoppedAt,
        notifyBy,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId));
    if (!already) {
      await tx.insert(textConsentChanges).values({
        customerId,
        given: change.given,
        method: change.method,
        words: change.words,
        phone: number ?? record.textNumber,
        staffUserId: change.staffUserId ?? null,
      });
    }
    return textPreferenceOf(next);
  });
}

function requirePhone(phone: string | null): string {
  if (!phone?.trim()) throw new InvalidInputError(TEXT_CONSENT_NEEDS_PHONE, "phone");
  return requireTextNumber(phone);
}

/**
 * The customers a number belongs to: those who agreed to texts at it, those whose phone on the
 * record is it however it was typed ("512-555-0101" for +15125550101), and those whose texts came
 * from it (a text from an unknown number that staff attached to them).
 */
export function customerHasNumber(number: string) {
  const national = number.startsWith("+1") ? number.slice(2) : number.replace(/\D/g, "");
  const digits = sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g')`;
  const textedFrom = sql`${customers.id} in (select ${inboundTexts.customerId} from ${inboundTexts} where ${inboundTexts.from} = ${number})`;
  return or(eq(customers.textNumber, number), inArray(digits, [national, `1${national}`]), textedFrom);
}

/**
 * STOP (and its synonyms) from a number: every customer with that number stops at once, consent
 * or not (a conversation a customer started by text is answered by text until STOP). Answers how many.
 */
export async function stopTextsTo(db: Db, number: string, keyword: string): Promise<number> {
  return changeStopped(db, number, keyword, true);
}

/** START or UNSTOP from a number: texts resume for the customers who stopped them. */
export async function resumeTextsTo(db: Db, number: string, keyword: string): Promise<number> {
  return changeStopped(db, number, keyword, false);
}

async function changeStopped(db: Db, number: string, keyword: string, stop: boolean): Promise<number> {
  return inTransaction(db, async (tx) => {
    const changed = await tx
      .update(customers)
      .set({ textsStoppedAt: stop ? new Date() : null, updatedAt: new Date() })
      .where(and(customerHasNumber(number), stop ? isNull(customers.textsStoppedAt) : isNotNull(customers.textsStoppedAt)))
      .returning({ id: customers.id });
    if (changed.length) {
      await tx
        .insert(textConsentChanges)
        .values(changed.map(({ id }) => ({ customerId: id, given: !stop, method: "keyword" as const, words: keyword, phone: number })));
    }
    return changed.length;
  });
}

/** A customer's consent changes, newest first, with the staff member who recorded each. */
export function listTextConsentChanges(db: Db, customerId: number) {
  return db
    .select({
      id: textConsentChanges.id,
      given: textConsentChanges.given,
      method: textConsentChanges.method,
      words: textConsentChanges.words,
      phone: textConsentChanges.phone,
      recordedBy: staffUsers.username,
      createdAt: textConsentChanges.createdAt,
    })
    .from(textConsentChanges)
    .leftJoin(staffUsers, eq(staffUsers.id, textConsentChanges.staffUserId))
    .where(eq(textConsentChanges.customerId, customerId))
    .orderBy(desc(textConsentChanges.createdAt), desc(textConsentChanges.id));
}
