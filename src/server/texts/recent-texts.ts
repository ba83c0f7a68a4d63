import { desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, textMessages } from "@/server/db/schema";

/** A number as staff lists show it: its last four digits, enough to tell texts apart. */
export function maskedNumber(number: string): string {
  return `…${number.slice(-4)}`;
}

/** The latest texts and what became of them, for staff checking that texts go out. */
export async function listRecentTexts(db: Db, limit = 30) {
  const rows = await db
    .select({
      id: textMessages.id,
      to: textMessages.to,
      customerId: textMessages.customerId,
      customerName: customers.fullName,
      kind: textMessages.kind,
      body: textMessages.body,
      status: textMessages.status,
      reason: textMessages.lastError,
      errorCode: textMessages.errorCode,
      segments: textMessages.segments,
      createdAt: textMessages.createdAt,
      sentAt: textMessages.sentAt,
    })
    .from(textMessages)
    .leftJoin(customers, eq(customers.id, textMessages.customerId))
    .orderBy(desc(textMessages.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, to: maskedNumber(row.to) }));
}
