import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every reader of a customer's visits, plans, payments or quotes is named here, as one that serves the
 * customer's side and goes through the ownership rule (src/server/ownership/), or as one of the
 * office's or the system's, with the reason it may read without the rule. A new reader fails this
 * test until it is put in one list or the other (docs/product-rules.md#who-owns-a-visit).
 */

const SERVER = join(__dirname, "..");

/** How each customer-side reader uses the rule (the text that must be in the file). */
const CUSTOMER_SIDE: Record<string, RegExp> = {
  "self-service/appointments.ts": /ownedBy: customerId[\s\S]*isPlanOwned\(db, visit\.scheduleId\)/,
  "payments/customer-payments.ts": /ownedPayments\(customerId\)/,
  "portal/messages.ts": /visibleMessages\(customerId\)/,
  "payments/intent.ts": /getCustomerPayment\(db, customerId, paymentId\)/,
  "payments/receipts.ts": /ownedPayments\(customerId\)/,
  "payments/autopay.ts": /isPlanOwned\(tx, visit\.scheduleId\)/,
  "calendar/feeds.ts": /ownedBy: feed\.customerId/,
  "self-service/change-appointment.ts": /findOwnVisit\(db, customerId, visitId\)/,
  "self-service/reschedule-slots.ts": /findOwnVisit\(db, customerId, visitId\)/,
  // Reads the rest of a plan the customer already owns (found through findOwnVisit).
  "self-service/plan-change.ts": /other\.scheduleId === visit\.scheduleId/,
  // toNotifiable (schedules/visits.ts) names each visit by its contact, as the rule says.
  "schedules/notifiable-visits.ts": /map\(toNotifiable\)/,
  "notifications/reminders.ts": /addressedTo\(record, visit\.contact\)/,
  "notifications/visit-changes.ts": /findRecipient\(db, after\.customerId, after\.contact\)/,
  "notifications/visit-completed.ts": /findRecipient\(tx, visit\.customerId, found\.contact\)/,
  "notifications/announce.ts": /planContact\(db, booking\.scheduleId\)/,
  "crew-day/photos.ts": /findOwnVisit\(db, customerId, /,
  "crew-day/field-steps.ts": /findRecipient\(tx, visit\.customerId, visit\.contact\)/,
  "quotes/customer-quotes.ts": /ownedQuotes\(customerId\)/,
  "quotes/quote-access.ts": /ownedQuotes\(customerId\)/,
};

/** Readers that never answer a customer, and why they may read without the rule. */
const OFFICE_OR_SYSTEM: Record<string, string> = {
  "customers/manage-customers.ts": "staff's customer screens: the office sees every record",
  "payments/queries.ts": "staff payment lists and the payment row lookups of the staff and webhook paths",
  "payments/record.ts": "staff record payments against a customer's plan",
  "schedules/list-schedules.ts": "the staff calendar",
  "schedules/rain-day.ts": "staff move a day's visits",
  "notifications/office-message-notice.ts": "the office's email of a customer's own messages (portal or text)",
  "schedules/move-one-visit.ts": "staff move one visit (its email goes through visit-changes.ts)",
  "driving-routes/apply-route.ts": "staff apply a new order to a crew's day (its emails go through visit-changes.ts)",
  "schedules/save-schedule.ts": "staff create and edit plans",
  "schedules/series-clashes.ts": "staff saving a series: its visits that clash with others",
  "schedules/visit-status.ts": "staff change a visit's status",
  "schedules/visits.ts": "the visits repository itself: its `ownedBy` filter is how customer-side readers apply the rule",
  "messages/conversation.ts": "the staff Messages screen: the office reads every conversation",
  "messages/reply-channel.ts": "a staff reply: how the customer last wrote to the office, to answer the same way",
  "ownership/ownership.ts": "the rule itself",
  "quotes/quote-plan.ts": "an accepted quote's new plan: its own visits, for capacity and the deposit's credit",
  "programs/enrollments.ts":
    "staff enroll a customer (their latest plan's lawn size prices the rounds); the portal reads enrollments through customer-enrollments.ts, which asks for a confirmed account",
};

const READS_CUSTOMER_ROWS =
  /eq\((visits|schedules|payments|messages|quotes)\.customerId|\b(listVisits|listVisitsBetween|findVisit|findNotifiableVisit|findOwnVisit)\(|ownedPayments\(|ownedQuotes\(|isPlanOwned\(/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.includes(".test-helper") ? [path] : [];
  });
}

describe("readers of customers' visits, plans and payments", () => {
  const files = sourceFiles(SERVER).map((path) => ({ name: relative(SERVER, path), text: readFileSync(path, "utf8") }));

  it("are each named as customer-side (through the rule) or office-side (with a reason)", () => {
    const readers = files.filter((file) => READS_CUSTOMER_ROWS.test(file.text)).map((file) => file.name);
    const unnamed = readers.filter((name) => !(name in CUSTOMER_SIDE) && !(name in OFFICE_OR_SYSTEM));
    expect(
      unnamed,
      "a new reader of customers' rows: use the ownership rule and add it to CUSTOMER_SIDE, or say why not in OFFICE_OR_SYSTEM",
    ).toEqual([]);
  });

  it("apply the rule where they serve the customer", () => {
    for (const [name, use] of Object.entries(CUSTOMER_SIDE)) {
      const file = files.find((candidate) => candidate.name === name);
      expect(file, `${name} is gone: update this list`).toBeDefined();
      expect(file!.text, `${name} must go through the ownership rule`).toMatch(use);
    }
  });

  it("name only files that exist", () => {
    for (const name of Object.keys(OFFICE_OR_SYSTEM))
      expect(
        files.some((file) => file.name === name),
        name,
      ).toBe(true);
  });
});
