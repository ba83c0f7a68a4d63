import { capitalize } from "@/lib/capitalize";
import { formatCents } from "@/lib/money";
import { formatPostalAddress } from "@/lib/postal-address";
import { appUrl } from "@/server/email/app-url";
import { renderEmail } from "@/server/email/layout";
import type { OutgoingEmail } from "@/server/email/send-email";
import type { ConfirmedBooking } from "./customer";
import { visitWhen } from "./customer";
import { formatPhoneNumber } from "@/lib/phone-number";
import type { MessageChannel } from "@/lib/texts";

/** Email to the office address set in Settings → Notifications. */
function staffEmail(
  to: string,
  kind: string,
  subject: string,
  content: Omit<Parameters<typeof renderEmail>[0], "audience">,
): OutgoingEmail {
  return { to, subject, kind, ...renderEmail({ ...content, audience: "staff" }) };
}

interface Person {
  fullName: string;
  email: string;
  phone: string | null;
}

export function newBookingStaffEmail(to: string, customer: Person, booking: ConfirmedBooking): OutgoingEmail {
  return staffEmail(to, "staff_new_booking", `New booking ${booking.reference}: ${customer.fullName}, ${visitWhen(booking)}`, {
    greeting: "Hello,",
    paragraphs: [`${customer.fullName} booked a visit on the website. It is pending until you confirm it on the schedule.`],
    details: [
      ["Reference", booking.reference],
      ["Customer", customer.fullName],
      ["Email", customer.email],
      ...(customer.phone ? ([["Phone", formatPhoneNumber(customer.phone)]] as Array<[string, string]>) : []),
      ["Service", booking.serviceName ?? "—"],
      ["When", visitWhen(booking)],
      ["Where", formatPostalAddress(booking)],
      ["Price", formatCents(booking.totalPrice) + (booking.isRecurring ? ` per visit, ${booking.recurringFrequency}` : "")],
    ],
    action: { label: "Open the schedule", url: appUrl("/schedule") },
  });
}

/** How a customer's messages came: "from the customer portal", "by text", or both. */
function sentBy(channels: MessageChannel[]): string {
  const byText = channels.includes("text");
  const fromPortal = channels.length === 0 || channels.includes("portal");
  return [fromPortal ? "from the customer portal" : "", byText ? "by text" : ""].filter(Boolean).join(" and ");
}

/** Messages sent soon after the one the office was told of, in one email (oldest first). */
export function moreMessagesStaffEmail(to: string, customer: Person, contents: string[], channels: MessageChannel[] = []): OutgoingEmail {
  const count = contents.length === 1 ? "another message" : `${contents.length} more messages`;
  return staffEmail(to, "staff_new_message", `${capitalize(count)} from ${customer.fullName}`, {
    greeting: "Hello,",
    paragraphs: [`${customer.fullName} sent ${count} ${sentBy(channels)}:`, ...contents.map(excerpt)],
    action: { label: "Reply in Messages", url: appUrl("/messages") },
  });
}

export function newMessageStaffEmail(to: string, customer: Person, content: string, channel: MessageChannel = "portal"): OutgoingEmail {
  return staffEmail(to, "staff_new_message", `New message from ${customer.fullName}`, {
    greeting: "Hello,",
    paragraphs: [`${customer.fullName} sent a message ${sentBy([channel])}:`, excerpt(content)],
    action: { label: "Reply in Messages", url: appUrl("/messages") },
  });
}

export function newInquiryStaffEmail(
  to: string,
  inquiry: { name: string; email: string; phone: string | null; message: string; source?: "website" | "text" },
): OutgoingEmail {
  if (inquiry.source === "text") {
    const number = formatPhoneNumber(inquiry.phone ?? "");
    return staffEmail(to, "staff_new_inquiry", `New text from ${number}`, {
      greeting: "Hello,",
      paragraphs: [`${number}, a number no customer has, texted:`, excerpt(inquiry.message)],
      details: [["Phone", number]],
      action: { label: "Open inquiries", url: appUrl("/messages") },
    });
  }
  return staffEmail(to, "staff_new_inquiry", `New website inquiry from ${inquiry.name}`, {
    greeting: "Hello,",
    paragraphs: [`${inquiry.name} wrote through the website's contact form:`, excerpt(inquiry.message)],
    details: [
      ["Email", inquiry.email],
      ...(inquiry.phone ? ([["Phone", formatPhoneNumber(inquiry.phone)]] as Array<[string, string]>) : []),
    ],
    action: { label: "Open website inquiries", url: appUrl("/messages") },
  });
}

function excerpt(text: string): string {
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

/** To an owner, once per license and expiry date, a month before a staff member's applicator license runs out. */
export function licenseExpiryStaffEmail(
  to: string,
  license: { holderName: string; licenseNumber: string; expiresOnText: string },
): OutgoingEmail {
  return staffEmail(to, "staff_license_expiry", `${license.holderName}'s applicator license expires on ${license.expiresOnText}`, {
    greeting: "Hello,",
    paragraphs: [
      `${license.holderName}'s applicator license (${license.licenseNumber}) expires on ${license.expiresOnText}.`,
      "After that day they cannot be recorded as the applicator of a treatment, and technicians they supervise cannot either, until the renewed license is saved in Settings → Staff.",
    ],
    action: { label: "Open Settings → Staff", url: appUrl("/settings") },
  });
}
