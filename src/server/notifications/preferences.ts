import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid. Turn reminders off in My Account instead.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getReminderPreference(db: Db, customerId: number) {
  const [row] = await db.select({ remindersEnabled: customers.remindersEnabled }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return row;
}

export async function setReminderPreference(db: Db, customerId: number, remindersEnabled: boolean) {
  const [row] = await db
    .update(customers)
    .set({ remindersEnabled, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning({ remindersEnabled: customers.remindersEnabled });
  if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return row;
}

/**
 * The one-click unsubscribe in every customer email. The token only turns reminders off, so a
 * forwarded email can do no more than that; a wrong token says so without telling whose it is.
 */
export async function unsubscribeFromReminders(db: Db, token: string) {
  if (!UUID.test(token)) throw new NotFoundError(UNSUBSCRIBE_LINK_INVALID);
  const [row] = await db
    .update(customers)
    .set({ remindersEnabled: false, updatedAt: new Date() })
    .where(eq(customers.unsubscribeToken, token))
    .returning({ id: customers.id });
  if (!row) throw new NotFoundError(UNSUBSCRIBE_LINK_INVALID);
}
