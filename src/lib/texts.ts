/**
 * Texts (SMS): the words and choices both the browser and the server use. The server's rules are in
 * src/server/texts/ and docs/product-rules.md#texts.
 */

/** The words beside every "Text me" box; each consent change keeps the words that were shown. */
export const TEXT_CONSENT_WORDS =
  "Text me about my visits: confirmations, reminders, changes and replies. Message and data rates may apply. Reply STOP to stop, HELP for help.";

/** How a customer wants to hear from us. Texts go only with consent; without it, email. */
export const NOTIFY_BY = ["email", "text", "both"] as const;
export type NotifyBy = (typeof NOTIFY_BY)[number];

/** Where a consent change came from. */
export const TEXT_CONSENT_METHODS = ["booking", "registration", "portal", "staff", "keyword"] as const;
export type TextConsentMethod = (typeof TEXT_CONSENT_METHODS)[number];

/** The notices that can go by text, each on or off in Settings → Texts. */
export const TEXT_NOTICE_KINDS = [
  "bookingConfirmation",
  "reminder",
  "officeChange",
  "onMyWay",
  "completed",
  "cardDeclined",
  "quoteSent",
] as const;
export type TextNoticeKind = (typeof TEXT_NOTICE_KINDS)[number];

export const TEXT_NOTICE_LABELS: Record<TextNoticeKind, string> = {
  bookingConfirmation: "Booking confirmation",
  reminder: "Day-before reminder",
  officeChange: "Changes made by the office (moved, cancelled, rain day)",
  onMyWay: "On my way, with the arrival estimate",
  completed: "Visit completed (with the receipt link when paid)",
  cardDeclined: "Card declined (with the Pay link)",
  quoteSent: "Quote sent (with its link)",
};

/** What a text is: a notice, a message in a conversation, or the answer to STOP, START or HELP. */
export type TextKind = TextNoticeKind | "conversation" | "keywordReply";

/**
 * A text's life: `queued` until its job runs (and past quiet hours); `sending` once handed to the
 * provider (never handed again); then `sent`, `delivered`, `undelivered` or `failed` as the
 * provider's status callbacks say. `outbox`: texts are off (no Twilio settings), kept here and in
 * the log. `skipped`: not sent, with the reason (consent withdrawn, a cap reached).
 */
export const TEXT_STATUSES = ["queued", "sending", "sent", "delivered", "undelivered", "failed", "outbox", "skipped"] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

/** The channel a conversation message went by. */
export const MESSAGE_CHANNELS = ["portal", "text"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const NUMBER_CANNOT_TAKE_TEXTS = "This phone number cannot receive texts. Enter a US mobile number, such as (512) 555-0101.";
export const TEXT_CONSENT_NEEDS_PHONE = "Add a mobile phone number to get texts.";
