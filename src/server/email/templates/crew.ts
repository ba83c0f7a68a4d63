import { formatBusinessDate } from "@/lib/business-time";
import { appUrl } from "@/server/email/app-url";
import { renderEmail } from "@/server/email/layout";
import type { OutgoingEmail } from "@/server/email/send-email";
import { unsubscribeLinks, type EmailCustomer } from "@/server/email/templates/customer";

/**
 * "On my way": the crew left for the customer's address and expects to arrive around a time. A
 * corrected estimate says the time changed; it is sent at most once a visit
 * (docs/product-rules.md#the-crews-phone).
 */
export function onMyWayEmail(
  customer: EmailCustomer,
  visit: { serviceName: string | null; address: string },
  arrival: Date,
  corrected = false,
): OutgoingEmail {
  const unsubscribe = unsubscribeLinks(customer.unsubscribeToken);
  const around = formatBusinessDate(arrival, "h:mm a");
  return {
    to: customer.email,
    subject: corrected
      ? `New arrival time: our crew now expects to arrive around ${around}`
      : `Our crew is on the way: arriving around ${around}`,
    kind: corrected ? "on_my_way_corrected" : "on_my_way",
    headers: unsubscribe.headers,
    ...renderEmail({
      greeting: `Hi ${customer.fullName},`,
      paragraphs: [
        corrected
          ? `Our crew's estimate changed: they now expect to arrive around ${around}. We will not email you about this visit's arrival again.`
          : `Our crew is on the way and expects to arrive around ${around}.`,
        "Please leave the gate unlocked and keep pets inside while we work. Traffic and the job before yours can move this time a little.",
      ],
      details: [
        ["Service", visit.serviceName ?? "Lawn and garden visit"],
        ["Where", visit.address],
        ["Arriving around", around],
      ],
      action: { label: "Open My Account", url: appUrl("/customer/account") },
      unsubscribeUrl: unsubscribe.page,
      audience: "customer",
    }),
  };
}
