import { BUSINESS } from "@/lib/business";
import { businessDateOf, formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { countSegments } from "@/lib/text-segments";
import type { TextNoticeKind } from "@/lib/texts";
import { appUrl } from "@/server/email/app-url";

/**
 * The text form of each customer notice, beside its email (src/server/email/templates/). A text is
 * short and plain: it starts with the business's name, says days and times in words as the emails
 * do (never "tomorrow" or "today": quiet hours may hold a text until the next morning), links only
 * to pages that work on a phone, and keeps to the GSM-7 alphabet, so one segment costs 160
 * characters rather than 70 (curly quotes, long dashes and emoji would make the whole text UCS-2).
 */
export interface NoticeText {
  body: string;
  /** Its switch in Settings → Texts. */
  kind: TextNoticeKind;
}

/** A service's or a visit's name inside a text: long names would make a text of three parts. */
const NAME_LENGTH = 40;

const DAY = "EEEE, MMMM d";
const TIME = "h:mm a";
const dayAndTime = (instant: Date) => `${formatBusinessDate(instant, DAY)} at ${formatBusinessDate(instant, TIME)}`;

export function bookingConfirmationText(booking: { reference: string; serviceName: string | null; startTime: Date }): NoticeText {
  return notice(
    "bookingConfirmation",
    `we received your booking ${booking.reference}: ${serviceOf(booking)} on ${dayAndTime(booking.startTime)}. ` +
      "We will confirm it soon. Reply STOP to opt out.",
  );
}

export function reminderText(visit: { serviceName: string | null; startTime: Date }): NoticeText {
  return notice(
    "reminder",
    `reminder: our crew visits you on ${dayAndTime(visit.startTime)} (${serviceOf(visit)}). ` +
      "Please unlock the gate and keep pets inside.",
  );
}

export type OfficeChange = { kind: "cancelled" } | { kind: "moved"; previousStartTime: Date; rainDay: boolean };

/** A change the office made to a coming visit: moved (a rain day too) or cancelled. */
export function visitChangeText(visit: { startTime: Date }, change: OfficeChange): NoticeText {
  const call = `Questions? Call ${BUSINESS.phone}.`;
  if (change.kind === "cancelled") {
    return notice("officeChange", `your visit on ${dayAndTime(visit.startTime)} is cancelled. ${call}`);
  }
  // A route applied in the morning moves times within the day: name the day once, and the new time.
  const sameDay = businessDateOf(change.previousStartTime) === businessDateOf(visit.startTime);
  const moved = sameDay
    ? `your visit on ${formatBusinessDate(visit.startTime, DAY)} is now at ${formatBusinessDate(visit.startTime, TIME)}.`
    : `${change.rainDay ? "rain is expected, so we" : "we"} moved your visit to ${dayAndTime(visit.startTime)}.`;
  return notice("officeChange", `${moved} ${call}`);
}

/** "On my way", or the one corrected estimate a visit may get. */
export function onMyWayText(arrival: Date, corrected: boolean): NoticeText {
  const around = formatBusinessDate(arrival, TIME);
  return notice(
    "onMyWay",
    corrected
      ? `new arrival time: our crew now expects to arrive around ${around}.`
      : `our crew is on the way and expects to arrive around ${around}.`,
  );
}

/** A visit done; with the receipt's link when it is paid. */
export function visitCompletedText(
  visit: { serviceName: string | null; startTime: Date },
  paid: { paymentId: number; amount: number } | null,
): NoticeText {
  const done = `we finished your ${serviceOf(visit)} visit of ${formatBusinessDate(visit.startTime, DAY)}.`;
  if (!paid) return notice("completed", `${done} Thank you!`);
  return notice("completed", `${done} Paid ${formatCents(paid.amount)}, receipt: ${receiptUrl(paid.paymentId)}`);
}

/** The page of a receipt in My Account, where the receipt email links too. */
export function receiptUrl(paymentId: number): string {
  return appUrl(`/customer/account/receipts/${paymentId}`);
}

/** An automatic charge that did not go through, with the Pay link of its email. */
export function cardDeclinedText(charge: { amount: number; visitLabel: string | null }): NoticeText {
  const label = charge.visitLabel ? ` for ${shortened(charge.visitLabel)}` : "";
  return notice(
    "cardDeclined",
    `your payment of ${formatCents(charge.amount)}${label} did not go through. Please pay in My Account: ${appUrl("/customer/account?tab=payments")}`,
  );
}

/** A quote's link; the url carries the link's token (a secret the caller names to the queue). */
export function quoteSentText(
  quote: { id: number; version: number },
  url: string,
  summary: { total: number; expiresOn: string },
): NoticeText {
  const validThrough = formatBusinessDate(startOfBusinessDay(summary.expiresOn), DAY);
  return notice(
    "quoteSent",
    `your ${quote.version > 1 ? "updated " : ""}quote Q-${quote.id} is ready: ${formatCents(summary.total)}, valid through ${validThrough}. ` +
      `See it and answer online: ${url}`,
  );
}

function notice(kind: TextNoticeKind, sentence: string): NoticeText {
  return { kind, body: gsm7(`${BUSINESS.name}: ${sentence}`) };
}

function serviceOf(visit: { serviceName: string | null }): string {
  return visit.serviceName?.trim() ? shortened(visit.serviceName) : "lawn and garden";
}

function shortened(value: string): string {
  const plain = gsm7(value).trim();
  return plain.length > NAME_LENGTH ? `${plain.slice(0, NAME_LENGTH - 3).trimEnd()}...` : plain;
}

/** Characters typed elsewhere (a service's name) that have a plain GSM-7 stand-in. */
const STAND_INS: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032\u00B4`]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, "-"],
  [/\u2026/g, "..."],
  [/[\s\u00A0\u2000-\u200B\u202F\u205F\u3000]+/g, " "],
];

const isGsm7 = (char: string) => countSegments(char).encoding === "GSM-7";

/**
 * The text in the GSM-7 alphabet: curly quotes and long dashes become plain ones, an accented
 * letter GSM-7 lacks loses its accent, and anything else without a stand-in (emoji) is left out.
 */
export function gsm7(text: string): string {
  const replaced = STAND_INS.reduce((result, [pattern, plain]) => result.replace(pattern, plain), text);
  return [...replaced].map((char) => (isGsm7(char) ? char : [...char.normalize("NFD")].filter(isGsm7).join(""))).join("");
}

/** Keep-off advice in a text: the first sentence or so, so the notice stays within two parts. */
const ADVICE_LENGTH = 110;

/** After a treatment: what was applied and why, keep-off advice, and the next round's window. */
export function applicationText(applied: {
  targetPest: string;
  productNames: string[];
  keepOff: string;
  nextRound: { position: number; opensOn: string; closesOn: string } | null;
}): NoticeText {
  const day = (value: string) => formatBusinessDate(startOfBusinessDay(value), "MMMM d");
  const [firstProduct, ...others] = applied.productNames.map(shortened);
  const products = others.length > 0 ? `${firstProduct} and ${others.length} more` : firstProduct;
  const advice = gsm7(applied.keepOff).trim();
  const keepOff = advice.length > ADVICE_LENGTH ? `${advice.slice(0, ADVICE_LENGTH - 3).trimEnd()}...` : advice;
  const next = applied.nextRound ? ` Next round: ${day(applied.nextRound.opensOn)} to ${day(applied.nextRound.closesOn)}.` : "";
  return notice("completed", `we treated your lawn for ${shortened(applied.targetPest)} with ${products}. ${keepOff}${next}`);
}
