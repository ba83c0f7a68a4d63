import type { Db } from "@/server/db";
import type { SendEmailOptions } from "@/server/email/send-email";
import { CHANNELS, FALLBACK_CHANNEL, type Channel, type ChannelOutcome, type CustomerNotice } from "./channels";
import type { Recipient } from "./recipients";

/**
 * Tells a customer something through every channel that reaches them and that they chose, inside
 * the caller's transaction; when none of those took it (the notice has no text form, say), by email.
 * Each channel keeps its own idempotency key (`key`, `key:text`). True when a channel recorded it now
 * (false: each had this key already, or none reaches the customer).
 */
export async function notifyCustomer(db: Db, recipient: Recipient, notice: CustomerNotice, options: SendEmailOptions = {}) {
  const outcomes = new Map<Channel, ChannelOutcome>();
  for (const channel of CHANNELS) {
    if (!channel.reaches(recipient) || !channel.chosen(recipient)) continue;
    outcomes.set(channel, await channel.send(db, recipient, notice, keyed(channel, options)));
  }
  const taken = [...outcomes.values()].some((outcome) => outcome !== "not-sent");
  if (!taken && !outcomes.has(FALLBACK_CHANNEL) && FALLBACK_CHANNEL.reaches(recipient)) {
    outcomes.set(FALLBACK_CHANNEL, await FALLBACK_CHANNEL.send(db, recipient, notice, keyed(FALLBACK_CHANNEL, options)));
  }
  return [...outcomes.values()].includes("recorded");
}

/**
 * Whether a notice with this idempotency key was recorded on any channel: a job retried after its
 * notice committed (its completion was lost) finds it and does nothing again.
 */
export async function noticeRecorded(db: Db, idempotencyKey: string): Promise<boolean> {
  for (const channel of CHANNELS) {
    const key = keyed(channel, { idempotencyKey }).idempotencyKey!;
    if (await channel.recorded(db, key)) return true;
  }
  return false;
}

function keyed(channel: Channel, options: SendEmailOptions): SendEmailOptions {
  const key = options.idempotencyKey && channel !== FALLBACK_CHANNEL ? `${options.idempotencyKey}:${channel.name}` : options.idempotencyKey;
  return { ...options, idempotencyKey: key };
}
