import { BUSINESS } from "@/lib/business";
import { formatBusinessDate } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { appUrl } from "@/server/email/app-url";
import { renderEmail } from "@/server/email/layout";
import type { OutgoingEmail } from "@/server/email/send-email";
import type { PaymentMethod } from "@/server/db/schema";

/** Payment emails are transactional: every customer gets them, whatever their reminder settings. */

export function receiptEmail(receipt: Receipt): OutgoingEmail {
  return {
    to: receipt.customer.email,
    subject: `Receipt: ${formatCents(receipt.amount)} paid to ${BUSINESS.name}`,
    kind: "receipt",
    ...renderEmail({
      greeting: `Hi ${receipt.customer.fullName},`,
      paragraphs: [`Thank you: we received your payment of ${formatCents(receipt.amount)}.`],
      details: receiptDetails(receipt),
      action: { label: "View or print the receipt", url: appUrl(`/customer/account/receipts/${receipt.paymentId}`) },
      audience: "customer",
    }),
  };
}

export function receiptDetails(receipt: Receipt): Array<[string, string]> {
  return [
    ["Receipt", `#${receipt.paymentId}`],
    [
      "Visit",
      receipt.visit
        ? `${receipt.visit.serviceName}, ${formatBusinessDate(receipt.visit.startTime, "MMM d, yyyy")}`
        : "Not linked to a visit",
    ],
    ["Paid on", formatBusinessDate(receipt.paymentDate, "MMM d, yyyy")],
    ["Amount", formatCents(receipt.amount)],
    ["Paid with", receipt.card ? `${capitalise(receipt.card.brand)} ending in ${receipt.card.last4}` : METHOD_WORDS[receipt.method]],
  ];
}

const METHOD_WORDS = { card: "Card", cash: "Cash", check: "Check" } as const;

function capitalise(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** An autopay charge the customer must finish: what happened, and where to pay. */
export function autopayActionNeededEmail(
  customer: { fullName: string; email: string },
  charge: { paymentId: number; amount: number; reason: string; visitLabel: string | null },
): OutgoingEmail {
  return {
    to: customer.email,
    subject: `Action needed: your payment of ${formatCents(charge.amount)} did not go through`,
    kind: "autopay_action_needed",
    ...renderEmail({
      greeting: `Hi ${customer.fullName},`,
      paragraphs: [
        `We tried to charge your saved card ${formatCents(charge.amount)}${charge.visitLabel ? ` for ${charge.visitLabel}` : ""}, but it did not go through: ${charge.reason}`,
        "Please open My Account → Payments and press Pay to finish the payment, or use another card. If you have questions, call us.",
      ],
      action: { label: "Pay now", url: appUrl("/customer/account?tab=payments") },
      audience: "customer",
    }),
  };
}

/** Staff's link for a customer to save a card for automatic payment. */
export function addCardRequestEmail(customer: { fullName: string; email: string }): OutgoingEmail {
  return {
    to: customer.email,
    subject: `Save a card with ${BUSINESS.name}`,
    kind: "add_card_request",
    ...renderEmail({
      greeting: `Hi ${customer.fullName},`,
      paragraphs: [
        "Save a card in My Account and we can charge each visit automatically once it is done, so you never have to pay by hand.",
        "Cards are kept by our payment provider, never on our servers. You can remove the card or turn automatic payment off at any time.",
      ],
      action: { label: "Add a card", url: appUrl("/customer/account?tab=payments&add-card=1") },
      audience: "customer",
    }),
  };
}

export interface Receipt {
  paymentId: number;
  amount: number;
  method: PaymentMethod;
  paymentDate: Date;
  customer: { fullName: string; email: string; address: string | null };
  visit: { visitId: string | null; serviceName: string; startTime: Date } | null;
  card: ReceiptCard | null;
  refunds: Array<{ amount: number; reason: string; date: Date }>;
  refundedAmount: number;
}

export interface ReceiptCard {
  brand: string;
  last4: string;
}
