import { and, asc, desc, eq, gt, like, sql } from "drizzle-orm";
import type { MessageChannel } from "@/lib/texts";
import type { Db } from "@/server/db";
import { emailOutbox, messages } from "@/server/db/schema";
import { sendEmail } from "@/server/email/send-email";
import { moreMessagesStaffEmail, newMessageStaffEmail } from "@/server/email/templates/staff";

/**
 * A customer who writes in bursts ("hi", "about Tuesday", "also the gate…") would fill the office's
 * inbox with an email a message. The first message is told at once; those that follow within this
 * window wait and go together in one email when it closes (docs/product-rules.md#messages).
 */
export const MESSAGE_FOLD_MS = 3 * 60_000;

const noticeKey = (customerId: number, messageId: number) => `staff-new-message:${customerId}:${messageId}`;
const followUpKey = (customerId: number, noticeId: number) => `staff-more-messages:${customerId}:${noticeId}`;

interface Person {
  id: number;
  fullName: string;
  email: string;
  phone: string | null;
}

/** Tells the office of a customer's message (portal or text), folding a burst into one follow-up. Runs in the message's transaction. */
export async function noticeOfficeOfMessage(
  db: Db,
  officeEmail: string,
  customer: Person,
  message: { id: number; content: string; timestamp: Date; channel?: MessageChannel },
) {
  // One customer's messages take turns here, so two at once never both think they come first.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`office-message-notice:${customer.id}`}))`);
  const since = new Date(message.timestamp.getTime() - MESSAGE_FOLD_MS);
  const [notice] = await db
    .select({ id: emailOutbox.id, key: emailOutbox.idempotencyKey, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(and(like(emailOutbox.idempotencyKey, `staff-new-message:${customer.id}:%`), gt(emailOutbox.createdAt, since)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!notice) {
    await sendEmail(db, newMessageStaffEmail(officeEmail, customer, message.content, message.channel), {
      idempotencyKey: noticeKey(customer.id, message.id),
    });
    return;
  }

  // Every message after the one the notice told of, the new one included, in the one follow-up.
  const toldOf = Number(notice.key!.split(":").at(-1));
  const later = await db
    .select({ content: messages.content, channel: messages.channel })
    .from(messages)
    .where(and(eq(messages.customerId, customer.id), eq(messages.senderType, "customer"), gt(messages.id, toldOf)))
    .orderBy(asc(messages.id));
  const email = moreMessagesStaffEmail(
    officeEmail,
    customer,
    later.map((row) => row.content),
    later.map((row) => row.channel),
  );
  const key = followUpKey(customer.id, notice.id);
  const [updated] = await db
    .update(emailOutbox)
    .set({ subject: email.subject, body: email.body, html: email.html ?? null })
    .where(and(eq(emailOutbox.idempotencyKey, key), eq(emailOutbox.status, "queued")))
    .returning({ id: emailOutbox.id });
  if (updated) return;
  await sendEmail(db, email, { idempotencyKey: key, sendAfter: new Date(notice.createdAt.getTime() + MESSAGE_FOLD_MS) });
}
