import { asc, desc, eq, sql } from "drizzle-orm";
import type { TConversationSearch } from "@/lib/validation/customer-search";
import { customerMatches } from "@/server/customers/manage-customers";
import type { Db } from "@/server/db";
import { customers, messages, textMessages } from "@/server/db/schema";
import type { MessageChannel, TextStatus } from "@/lib/texts";
import { NotFoundError } from "@/server/errors";
import { queueText } from "@/server/texts/queue-text";
import { chooseReplyChannel } from "./reply-channel";
import { messageSummaryColumns } from "./unread";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const MESSAGE_NOT_FOUND = "Message not found";

// A conversation shows its latest messages; years of history stay in the export.
const CONVERSATION_LIMIT = 500;
const ALL_MESSAGES_LIMIT = 200;

const messageColumns = {
  ...messageSummaryColumns,
  userId: messages.userId,
  read: messages.read,
  senderType: messages.senderType,
  channel: messages.channel,
  textStatus: textMessages.status,
  textErrorCode: textMessages.errorCode,
  textError: textMessages.lastError,
};

type MessageRow = { textStatus: TextStatus | null; textErrorCode: number | null; textError: string | null };

/** A message as the API shows it: a staff text carries what became of it. */
function withDelivery<Row extends MessageRow>({ textStatus, textErrorCode, textError, ...message }: Row) {
  return { ...message, delivery: textStatus ? { status: textStatus, errorCode: textErrorCode, error: textError } : null };
}

/**
 * GET /api/messages: one customer's conversation, or the latest messages of all;
 * either way oldest first, as a chat reads.
 */
export async function listMessages(db: Db, filter: { customerId?: number } = {}) {
  const latest = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .leftJoin(textMessages, eq(textMessages.messageId, messages.id))
    .where(filter.customerId === undefined ? undefined : eq(messages.customerId, filter.customerId))
    .orderBy(desc(messages.timestamp), desc(messages.id))
    .limit(filter.customerId === undefined ? ALL_MESSAGES_LIMIT : CONVERSATION_LIMIT);
  return latest.reverse().map(withDelivery);
}

async function messageById(db: Db, id: number) {
  const [message] = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.customerId))
    .leftJoin(textMessages, eq(textMessages.messageId, messages.id))
    .where(eq(messages.id, id));
  if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
  return withDelivery(message);
}

/**
 * POST /api/messages: staff write as 'user'; the author is kept when a person (not an API key)
 * sends. A message that goes by text (chooseReplyChannel) is queued as a text in the same
 * transaction, so the text exists exactly when the message does, and goes once.
 */
export async function sendStaffMessage(
  db: Db,
  input: { customerId: number; content: string; userId: number | null; channel?: MessageChannel },
) {
  const id = await db.transaction(async (tx) => {
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId));
    if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
    const { channel, to } = await chooseReplyChannel(tx, input.customerId, input.content, input.channel);
    const [created] = await tx
      .insert(messages)
      .values({ customerId: input.customerId, content: input.content, userId: input.userId, senderType: "user", channel })
      .returning({ id: messages.id });
    if (to) {
      await queueText(
        tx,
        { to, body: input.content, kind: "conversation", customerId: input.customerId, messageId: created!.id },
        { idempotencyKey: `message:${created!.id}` },
      );
    }
    return created!.id;
  });
  return messageById(db, id);
}

/** PATCH /api/messages/{id}/read: sets the message's read flag. Marking twice changes nothing. */
export async function markMessageRead(db: Db, id: number) {
  const [updated] = await db.update(messages).set({ read: true }).where(eq(messages.id, id)).returning({ id: messages.id });
  if (!updated) throw new NotFoundError(MESSAGE_NOT_FOUND);
  return messageById(db, id);
}

/**
 * The Messages screen's customer list: every customer (or those the search matches, up to the
 * limit), those with the latest messages first, each with the count of customer messages staff
 * have not read.
 */
export function listConversations(db: Db, search: TConversationSearch = {}) {
  const unreadCount = sql<number>`count(*) filter (where ${messages.senderType} = 'customer' and not ${messages.read})`.mapWith(Number);
  const lastMessageAt = sql<Date | null>`max(${messages.timestamp})`.mapWith((value: string | Date | null) =>
    value === null ? null : new Date(value),
  );
  const query = db
    .select({
      customerId: customers.id,
      fullName: customers.fullName,
      email: customers.email,
      unreadCount,
      lastMessageAt,
      lastMessage: sql<string | null>`(
        select latest.content from messages as latest
        where latest.customer_id = ${customers.id}
        order by latest.timestamp desc, latest.id desc limit 1
      )`,
    })
    .from(customers)
    .leftJoin(messages, eq(messages.customerId, customers.id))
    .where(customerMatches(search.q))
    .groupBy(customers.id)
    .orderBy(sql`max(${messages.timestamp}) desc nulls last`, asc(customers.fullName), asc(customers.id));
  return search.limit === undefined ? query : query.limit(search.limit);
}
