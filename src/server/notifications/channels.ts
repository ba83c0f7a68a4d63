import type { Db } from "@/server/db";
import { sendEmail, type OutgoingEmail, type SendEmailOptions } from "@/server/email/send-email";
import type { Recipient } from "./recipients";

/** What a customer is told, in the form of each channel: an email always. */
export interface CustomerNotice {
  email: OutgoingEmail;
}

/**
 * One way of reaching a customer. Email is the first; another channel is one implementation of
 * this, one consent on the Recipient, and its form of the notice on CustomerNotice.
 */
export interface Channel {
  readonly name: string;
  /** Whether this recipient can be reached this way and has agreed to be. */
  reaches(recipient: Recipient): boolean;
  /**
   * Records the notice for sending in the caller's transaction (the queue sends it after the commit);
   * false when a notice with this idempotency key was already recorded.
   */
  send(db: Db, recipient: Recipient, notice: CustomerNotice, options: SendEmailOptions): Promise<boolean>;
}

export const emailChannel: Channel = {
  name: "email",
  reaches: (recipient) => recipient.email.length > 0,
  send: async (db, _recipient, notice, options) => (await sendEmail(db, notice.email, options)) !== null,
};

/** Every channel, in the order a notice goes out. */
export const CHANNELS: readonly Channel[] = [emailChannel];
