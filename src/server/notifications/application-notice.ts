import { inArray } from "drizzle-orm";
import type { Db } from "@/server/db";
import { products } from "@/server/db/schema";
import { applicationEmail, keepOffAdviceOf } from "@/server/email/templates/applications";
import { notifyCustomer } from "@/server/notifications/notify-customer";
import { findRecipient } from "@/server/notifications/recipients";
import { applicationText } from "@/server/texts/notice-texts";
import { programRoundOfVisit } from "@/server/applications/next-round";
import { getApplication } from "@/server/applications/read";
import type { ApplicationRecorded } from "@/server/applications/events";

/**
 * Tells the customer of a new record, by the channels they chose, from inside the completion's
 * transaction: the outboxes send it once that commits, and never for a completion that failed. One
 * notice a record, whoever retries (its idempotency key).
 */
export async function sendApplicationNotice(tx: Db, { recordId, contact, now }: ApplicationRecorded): Promise<void> {
  const record = await getApplication(tx, recordId);
  if (record.customerId === null || record.amendsRecordId !== null) return;
  const recipient = await findRecipient(tx, record.customerId, contact);
  if (!recipient) return;
  const advice = await tx
    .select({ id: products.id, keepOffAdvice: products.keepOffAdvice })
    .from(products)
    .where(
      inArray(
        products.id,
        record.products.map((product) => product.productId),
      ),
    );
  const adviceOf = new Map(advice.map((row) => [row.id, row.keepOffAdvice]));
  const applied = record.products.map((product) => ({
    name: product.productName,
    epaRegistrationNumber: product.epaRegistrationNumber,
    keepOffAdvice: adviceOf.get(product.productId) ?? null,
  }));
  const round = record.visitId === null ? null : await programRoundOfVisit(tx, Number(record.visitId), now);
  const notice = {
    appliedOn: record.appliedOn,
    serviceAddress: record.serviceAddress,
    targetPest: record.targetPest,
    products: applied,
    programRound: round !== null,
    nextRound: round?.next ?? null,
  };
  await notifyCustomer(
    tx,
    recipient,
    {
      email: applicationEmail(recipient, notice),
      text: applicationText({
        targetPest: record.targetPest,
        productNames: applied.map((product) => product.name),
        keepOff: keepOffAdviceOf(applied).join(" "),
        nextRound: notice.nextRound,
      }),
    },
    { idempotencyKey: `application:${recordId}` },
  );
}
