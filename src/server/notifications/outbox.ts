import { desc } from "drizzle-orm";
import type { Db } from "@/server/db";
import { emailOutbox } from "@/server/db/schema";

/** The latest emails and what became of them, for staff checking that mail goes out. */
export function listRecentEmails(db: Db, limit = 30) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.id))
    .limit(limit);
}
