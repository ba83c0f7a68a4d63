import type { Db } from "@/server/db";
import type { SendEmailOptions } from "@/server/email/send-email";
import { CHANNELS, type CustomerNotice } from "./channels";
import type { Recipient } from "./recipients";

/**
 * Tells a customer something through every channel that reaches them, inside the caller's
 * transaction. True when at least one channel recorded it (false: each had this key already, or
 * none reaches the customer).
 */
export async function notifyCustomer(db: Db, recipient: Recipient, notice: CustomerNotice, options: SendEmailOptions = {}) {
  let recorded = false;
  for (const channel of CHANNELS) {
    if (!channel.reaches(recipient)) continue;
    const key = options.idempotencyKey && channel.name !== "email" ? `${options.idempotencyKey}:${channel.name}` : options.idempotencyKey;
    if (await channel.send(db, recipient, notice, { ...options, idempotencyKey: key })) recorded = true;
  }
  return recorded;
}
