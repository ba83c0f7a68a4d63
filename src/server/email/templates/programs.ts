import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { appUrl } from "@/server/email/app-url";
import { renderEmail } from "@/server/email/layout";
import type { OutgoingEmail } from "@/server/email/send-email";

const longDay = (day: string) => formatBusinessDate(startOfBusinessDay(day), "MMMM d, yyyy");

/** Thirty days before a program's next season: it renews on `renewsOn` unless the customer stops it. */
export function programRenewalEmail(
  customer: { fullName: string; email: string },
  renewal: { programName: string; season: number; renewsOn: string; rounds: number },
): OutgoingEmail {
  return {
    to: customer.email,
    subject: `Your ${renewal.programName} renews for ${renewal.season} on ${longDay(renewal.renewsOn)}`,
    kind: "program_renewal",
    ...renderEmail({
      greeting: `Hi ${customer.fullName},`,
      paragraphs: [
        `Your lawn program, ${renewal.programName}, renews for the ${renewal.season} season on ${longDay(renewal.renewsOn)}: ${renewal.rounds} ${renewal.rounds === 1 ? "round" : "rounds"}, each in its season's window, and we schedule each one with you.`,
        `Nothing to do if you want to carry on. To stop the renewal, open My Account before ${longDay(renewal.renewsOn)} and choose "Stop renewal", or reply to this email.`,
      ],
      details: [
        ["Program", renewal.programName],
        ["Season", String(renewal.season)],
        ["Renews on", longDay(renewal.renewsOn)],
      ],
      action: { label: "Open My Account", url: appUrl("/customer/account") },
      audience: "customer",
    }),
  };
}
