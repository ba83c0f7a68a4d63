import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { countSegments } from "@/lib/text-segments";
import { setEnv } from "#test/support/env";
import {
  bookingConfirmationText,
  cardDeclinedText,
  gsm7,
  applicationText,
  onMyWayText,
  quoteSentText,
  reminderText,
  visitChangeText,
  visitCompletedText,
  type NoticeText,
} from "./notice-texts";

// The longest values a notice meets: a long day and month, a long service name, a big total, and
// the production address with a quote token as generateToken makes it (32 base-32 characters).
const WEDNESDAY = businessInstant("2026-09-30", "10:00");
const LATER = businessInstant("2026-09-30", "12:30");
const NEXT_DAY = businessInstant("2026-10-01", "11:00");
const LONG_SERVICE = "Full Yard Cleanup and Flower Bed Edging with Mulch (front and back)";
const TOKEN = "abcdefghijklmnopqrstuvwxyz234567";

beforeAll(() => setEnv({ APP_URL: "https://www.greenscapeaustin.com" }));
afterAll(() => setEnv({ APP_URL: undefined }));

function everyNotice(service: string): NoticeText[] {
  return [
    bookingConfirmationText({ reference: "GS-7KQ4MX", serviceName: service, startTime: WEDNESDAY }),
    reminderText({ serviceName: service, startTime: WEDNESDAY }),
    visitChangeText({ startTime: NEXT_DAY }, { kind: "moved", previousStartTime: WEDNESDAY, rainDay: true }),
    visitChangeText({ startTime: NEXT_DAY }, { kind: "moved", previousStartTime: WEDNESDAY, rainDay: false }),
    visitChangeText({ startTime: LATER }, { kind: "moved", previousStartTime: WEDNESDAY, rainDay: false }),
    visitChangeText({ startTime: WEDNESDAY }, { kind: "cancelled" }),
    onMyWayText(LATER, false),
    onMyWayText(LATER, true),
    visitCompletedText({ serviceName: service, startTime: WEDNESDAY }, null),
    visitCompletedText({ serviceName: service, startTime: WEDNESDAY }, { paymentId: 1_234_567, amount: 1_234_567 }),
    cardDeclinedText({ amount: 1_234_567, visitLabel: `${service} on Sep 30, 2026` }),
    applicationText({
      targetPest: service,
      productNames: [service, "Celsius WG Herbicide"],
      keepOff: `Keep children and pets off the lawn until the spray has dried, at least four hours. ${service} needs watering in.`,
      nextRound: { position: 4, opensOn: "2026-09-30", closesOn: "2026-11-30" },
    }),
    quoteSentText({ id: 12_345, version: 3 }, `https://www.greenscapeaustin.com/q/${TOKEN}`, {
      total: 12_345_678,
      expiresOn: "2026-09-30",
    }),
  ];
}

describe("the text form of each notice", () => {
  it.each(["Basic Lawn Mowing", LONG_SERVICE, "Owner\u2019s \u201cspecial\u201d \u2013 caf\u00e9 \u0107lean-up \u{1F33F}"])(
    "stays GSM-7, in at most two segments, and starts with the business's name (service %s)",
    (service) => {
      for (const text of everyNotice(service)) {
        const segments = countSegments(text.body);
        expect(segments.encoding, text.body).toBe("GSM-7");
        expect(segments.segments, text.body).toBeLessThanOrEqual(2);
        expect(text.body.startsWith("GreenScape Austin: "), text.body).toBe(true);
      }
    },
  );

  it("fits the short notices in one segment", () => {
    const oneSegment = everyNotice("Basic Lawn Mowing").filter((text) => ["reminder", "officeChange", "onMyWay"].includes(text.kind));
    for (const text of oneSegment) expect(countSegments(text.body).segments, text.body).toBe(1);
  });

  it("says days and times in words, as the emails do", () => {
    expect(reminderText({ serviceName: "Basic Lawn Mowing", startTime: WEDNESDAY }).body).toBe(
      "GreenScape Austin: reminder: our crew visits you on Wednesday, September 30 at 10:00 AM (Basic Lawn Mowing). Please unlock the gate and keep pets inside.",
    );
    expect(visitChangeText({ startTime: NEXT_DAY }, { kind: "moved", previousStartTime: WEDNESDAY, rainDay: true }).body).toBe(
      "GreenScape Austin: rain is expected, so we moved your visit to Thursday, October 1 at 11:00 AM. Questions? Call (512) 555-0142.",
    );
    expect(visitChangeText({ startTime: LATER }, { kind: "moved", previousStartTime: WEDNESDAY, rainDay: false }).body).toBe(
      "GreenScape Austin: your visit on Wednesday, September 30 is now at 12:30 PM. Questions? Call (512) 555-0142.",
    );
    expect(onMyWayText(LATER, true).body).toBe("GreenScape Austin: new arrival time: our crew now expects to arrive around 12:30 PM.");
  });

  it("links the receipt when the visit is paid, and the Pay page when a charge failed", () => {
    const paid = visitCompletedText({ serviceName: "Basic Lawn Mowing", startTime: WEDNESDAY }, { paymentId: 42, amount: 4500 });
    expect(paid.body).toBe(
      "GreenScape Austin: we finished your Basic Lawn Mowing visit of Wednesday, September 30. Paid $45.00, receipt: https://www.greenscapeaustin.com/customer/account/receipts/42",
    );
    expect(visitCompletedText({ serviceName: null, startTime: WEDNESDAY }, null).body).toBe(
      "GreenScape Austin: we finished your lawn and garden visit of Wednesday, September 30. Thank you!",
    );
    expect(cardDeclinedText({ amount: 4500, visitLabel: null }).body).toBe(
      "GreenScape Austin: your payment of $45.00 did not go through. Please pay in My Account: https://www.greenscapeaustin.com/customer/account?tab=payments",
    );
  });

  it("turns typed punctuation into plain characters and leaves out what GSM-7 cannot carry", () => {
    expect(gsm7("Owner\u2019s \u201cspecial\u201d \u2014 caf\u00e9, \u0107lean\u2026 \u{1F33F}")).toBe(
      'Owner\'s "special" - café, clean... ',
    );
  });
});
