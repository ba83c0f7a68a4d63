import { type SQL, sql } from "drizzle-orm";
import type { TextNoticeKind } from "@/lib/texts";
import type { Db } from "@/server/db";
import { emailOutbox, textMessages } from "@/server/db/schema";
import { sendEmail, type OutgoingEmail, type SendEmailOptions } from "@/server/email/send-email";
import { queueText } from "@/server/texts/queue-text";
import { getTextSettings } from "@/server/texts/settings";
import type { Recipient } from "./recipients";

/**
 * What a customer is told, in the form of each channel: an email, a text where it has one. A notice
 * with no email (a visit done, which was never emailed) goes only to those who take it by text.
 */
export interface CustomerNotice {
  email?: OutgoingEmail;
  /**
   * Short and plain, with the business's name; `kind` is its switch in Settings → Texts. `secrets`:
   * tokens in its links, removed from the stored text once sent, as an email's are.
   */
  text?: { body: string; kind: TextNoticeKind; secrets?: readonly string[] };
}

/** What became of a notice on one channel. */
export type ChannelOutcome = "recorded" | "already-recorded" | "not-sent";

/**
 * One way of reaching a customer. A channel sends a notice when it reaches the customer (their
 * address or number, and their consent) and the customer chose it; a notice no chosen channel took
 * goes by email, so choosing texts never silences a customer a notice cannot text.
 */
export interface Channel {
  readonly name: string;
  /** Whether this recipient can be reached this way and has agreed to be. */
  reaches(recipient: Recipient): boolean;
  /** Whether the recipient chose this way for notices. */
  chosen(recipient: Recipient): boolean;
  /**
   * Records the notice for sending in the caller's transaction (the queue sends it after the commit).
   * The idempotency key is the channel's own: a notice recorded once is not recorded again.
   */
  send(db: Db, recipient: Recipient, notice: CustomerNotice, options: SendEmailOptions): Promise<ChannelOutcome>;
  /** The condition "this channel holds a notice under its idempotency key" (a retried job asks before acting). */
  recorded(idempotencyKey: string): SQL;
}

export const emailChannel: Channel = {
  name: "email",
  reaches: (recipient) => recipient.email.length > 0,
  chosen: (recipient) => recipient.notifyBy !== "text" || recipient.textsTo === null,
  async send(db, _recipient, notice, options) {
    if (!notice.email) return "not-sent";
    return (await sendEmail(db, notice.email, options)) !== null ? "recorded" : "already-recorded";
  },
  recorded: (idempotencyKey) => sql`exists (select 1 from ${emailOutbox} where ${emailOutbox.idempotencyKey} = ${idempotencyKey})`,
};

export const textChannel: Channel = {
  name: "text",
  reaches: (recipient) => recipient.textsTo !== null,
  chosen: (recipient) => recipient.notifyBy !== "email",
  async send(db, recipient, notice, options) {
    if (!notice.text || !recipient.textsTo) return "not-sent";
    const settings = await getTextSettings(db);
    if (!settings.notices[notice.text.kind]) return "not-sent";
    const id = await queueText(
      db,
      { to: recipient.textsTo, body: notice.text.body, kind: notice.text.kind, customerId: recipient.customerId },
      { idempotencyKey: options.idempotencyKey, sendAfter: options.sendAfter, secrets: notice.text.secrets, quiet: settings },
    );
    return id === null ? "already-recorded" : "recorded";
  },
  recorded: (idempotencyKey) => sql`exists (select 1 from ${textMessages} where ${textMessages.idempotencyKey} = ${idempotencyKey})`,
};

/** Every channel, in the order a notice goes out; email last, as the fallback. */
export const CHANNELS: readonly Channel[] = [textChannel, emailChannel];
export const FALLBACK_CHANNEL = emailChannel;
