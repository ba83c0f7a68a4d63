import { BUSINESS } from "@/lib/business";
import { businessDateOf, formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { formatPostalAddress } from "@/lib/postal-address";
import { appUrl } from "@/server/email/app-url";
import { renderEmail } from "@/server/email/layout";
import type { OutgoingEmail } from "@/server/email/send-email";

/** Who a customer email is for: the unsubscribe token goes into every email's reminder opt-out link. */
export interface EmailCustomer {
  fullName: string;
  email: string;
  unsubscribeToken: string;
}

/** What the emails say about a visit. */
export interface VisitSummary {
  serviceName: string | null;
  startTime: Date;
  endTime: Date;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

export function visitWhen(visit: { startTime: Date; endTime: Date }): string {
  return `${formatBusinessDate(visit.startTime, "EEEE, MMMM d, yyyy")}, ${formatBusinessDate(visit.startTime, "h:mm a")} – ${formatBusinessDate(visit.endTime, "h:mm a")}`;
}

function visitWhere(visit: VisitSummary): string | null {
  return formatPostalAddress(visit) || null;
}

function visitDetails(visit: VisitSummary): Array<[string, string]> {
  const where = visitWhere(visit);
  return [
    ["Service", visit.serviceName ?? "Lawn and garden visit"],
    ["When", visitWhen(visit)],
    ...(where ? ([["Where", where]] as Array<[string, string]>) : []),
  ];
}

/** Reminder opt-out: a page with one button, and the one-click POST that mail programs offer (RFC 8058). */
export function unsubscribeLinks(token: string) {
  const page = appUrl(`/unsubscribe?token=${encodeURIComponent(token)}`);
  const oneClick = appUrl(`/unsubscribe/one-click?token=${encodeURIComponent(token)}`);
  return {
    page,
    headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

function customerEmail(customer: EmailCustomer, kind: string, subject: string, content: Parameters<typeof renderEmail>[0]): OutgoingEmail {
  const unsubscribe = unsubscribeLinks(customer.unsubscribeToken);
  return {
    to: customer.email,
    subject,
    kind,
    headers: unsubscribe.headers,
    ...renderEmail({ ...content, unsubscribeUrl: unsubscribe.page, audience: "customer" }),
  };
}

export interface ConfirmedBooking extends VisitSummary {
  reference: string;
  totalPrice: number;
  isRecurring: boolean;
  recurringFrequency: string | null;
}

/**
 * `awaitingOwner`: the booking was made without signing in under the email of an account, so it
 * joins that account only when its owner says it is theirs.
 */
export function bookingConfirmationEmail(
  customer: EmailCustomer,
  booking: ConfirmedBooking,
  options: { awaitingOwner?: boolean } = {},
): OutgoingEmail {
  const repeat = booking.isRecurring && booking.recurringFrequency ? `, then ${booking.recurringFrequency}` : "";
  return customerEmail(customer, "booking_confirmation", `We received your booking ${booking.reference}`, {
    greeting: `Hi ${customer.fullName},`,
    paragraphs: [
      `Thank you for booking with ${BUSINESS.name}. Your booking reference is ${booking.reference}.`,
      "What happens next: we check the crew schedule and confirm your visit by email, usually within one business day. " +
        "The day before the visit we send you a reminder. If you need to change anything, reply to this email or call us.",
      ...(options.awaitingOwner
        ? [
            "This email address has a GreenScape account, and this booking was made without signing in. " +
              "If it is yours, sign in to My Account and choose \u201cThis is mine\u201d under Appointments to add it to your account. " +
              "Until then it is not shown or charged there.",
          ]
        : []),
    ],
    details: [
      ["Reference", booking.reference],
      ...visitDetails(booking),
      ["Price", `${formatCents(booking.totalPrice)}${repeat ? ` per visit${repeat}` : ""}`],
    ],
    action: { label: "See it in My Account", url: appUrl("/customer/account") },
  });
}

export function visitReminderEmail(customer: EmailCustomer, visit: VisitSummary): OutgoingEmail {
  return customerEmail(customer, "reminder", `Reminder: your visit tomorrow at ${formatBusinessDate(visit.startTime, "h:mm a")}`, {
    greeting: `Hi ${customer.fullName},`,
    paragraphs: [
      "A friendly reminder that our crew visits you tomorrow. Please leave the gate unlocked and keep pets inside while we work.",
      "If the time no longer suits you, call us or message us from My Account.",
    ],
    details: visitDetails(visit),
    action: { label: "Open My Account", url: appUrl("/customer/account") },
  });
}

export type VisitChange = { kind: "confirmed" } | { kind: "cancelled" } | { kind: "moved"; previousStartTime: Date; rainDay: boolean };

export function visitChangeEmail(customer: EmailCustomer, visit: VisitSummary, change: VisitChange): OutgoingEmail {
  const when = visitWhen(visit);
  switch (change.kind) {
    case "confirmed":
      return customerEmail(customer, "visit_confirmed", `Your visit on ${formatBusinessDate(visit.startTime, "MMMM d")} is confirmed`, {
        greeting: `Hi ${customer.fullName},`,
        paragraphs: [`Good news: your visit is confirmed for ${when}.`, "We will remind you the day before."],
        details: visitDetails(visit),
        action: { label: "See it in My Account", url: appUrl("/customer/account") },
      });
    case "cancelled":
      return customerEmail(customer, "visit_cancelled", `Your visit on ${formatBusinessDate(visit.startTime, "MMMM d")} is cancelled`, {
        greeting: `Hi ${customer.fullName},`,
        paragraphs: [
          `Your visit on ${when} has been cancelled.`,
          "If this is not what you expected, or you would like a new time, call us or message us from My Account.",
        ],
        details: visitDetails(visit),
        action: { label: "Open My Account", url: appUrl("/customer/account") },
      });
    case "moved": {
      const { subject, movedText } = describeMove(change.previousStartTime, visit.startTime, when);
      return customerEmail(customer, change.rainDay ? "visit_moved_rain" : "visit_moved", subject, {
        greeting: `Hi ${customer.fullName},`,
        paragraphs: [
          change.rainDay ? `Rain is expected, so we moved your visit ${movedText}.` : `We moved your visit ${movedText}.`,
          "If the new time does not suit you, call us or message us from My Account.",
        ],
        details: visitDetails(visit),
        action: { label: "See it in My Account", url: appUrl("/customer/account") },
      });
    }
  }
}

/**
 * Says what a move changed: the day, the time, or both. A route applied in the morning moves times
 * on the same day, and "moved to Monday" would send a customer looking for a new date.
 */
function describeMove(previous: Date, next: Date, when: string): { subject: string; movedText: string } {
  const day = (instant: Date) => formatBusinessDate(instant, "EEEE, MMMM d");
  const time = (instant: Date) => formatBusinessDate(instant, "h:mm a");
  if (businessDateOf(previous) === businessDateOf(next)) {
    return {
      subject: `Your visit on ${day(next)} is now at ${time(next)}`,
      movedText: `on ${day(next)} from ${time(previous)} to ${time(next)}`,
    };
  }
  const movedText = `from ${day(previous)} at ${time(previous)} to ${when}`;
  if (time(previous) === time(next)) return { subject: `Your visit has moved to ${day(next)}`, movedText };
  return { subject: `Your visit has moved to ${day(next)} at ${time(next)}`, movedText };
}

/** A customer's own change from the portal, as the email names it. */
export interface OwnChange {
  action: "skip" | "reschedule" | "pause" | "resume" | "endPlan";
  /** The visit the change was made on. */
  visit: VisitSummary;
  /** What the portal's preview said, now done. */
  summary: string;
  /** Each visit it changed: its time and what became of it. */
  visits: Array<{ startTime: Date; effect: string }>;
}

const OWN_CHANGE_SUBJECTS: Record<OwnChange["action"], (day: string) => string> = {
  skip: (day) => `You skipped your visit on ${day}`,
  reschedule: (day) => `You moved your visit of ${day}`,
  pause: (day) => `You paused your plan from ${day}`,
  resume: () => "You resumed your plan",
  endPlan: (day) => `Your plan ends with the visit on ${day}`,
};

/**
 * The customer's record of a change they made themselves (skip, move, pause, resume, end): the
 * office's changes get a note, and so do theirs, so they have it in writing and can tell at once
 * if someone else used their account.
 */
export function ownChangeEmail(customer: EmailCustomer, change: OwnChange): OutgoingEmail {
  const day = formatBusinessDate(change.visit.startTime, "MMMM d");
  return customerEmail(customer, `own_change_${change.action}`, OWN_CHANGE_SUBJECTS[change.action](day), {
    greeting: `Hi ${customer.fullName},`,
    paragraphs: [
      `You changed your visits in My Account. ${change.summary}`,
      `If you did not make this change, or it is not what you meant, call us at ${BUSINESS.phone} or message us from My Account.`,
    ],
    details: change.visits.map((each): [string, string] => [formatBusinessDate(each.startTime, "EEE, MMM d, h:mm a"), each.effect]),
    action: { label: "See your visits in My Account", url: appUrl("/customer/account") },
  });
}
