import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { rowsOf } from "@/server/db/rows";
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
 * Whether a notice with this idempotency key was recorded on any channel, asked of every channel in
 * one statement: a job retried after its notice committed (its completion was lost) finds it and
 * does nothing again.
 */
export async function noticeRecorded(db: Db, idempotencyKey: string): Promise<boolean> {
  const held = CHANNELS.map((channel) => channel.recorded(keyed(channel, { idempotencyKey }).idempotencyKey!));
  const [row] = rowsOf<{ recorded: boolean }>(await db.execute(sql`select (${sql.join(held, sql` or `)}) as recorded`));
  return row?.recorded === true;
}

function keyed(channel: Channel, options: SendEmailOptions): SendEmailOptions {
  const key = options.idempotencyKey && channel !== FALLBACK_CHANNEL ? `${options.idempotencyKey}:${channel.name}` : options.idempotencyKey;
  return { ...options, idempotencyKey: key };
}
