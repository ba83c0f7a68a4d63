import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { appUrl } from "@/server/email/app-url";
import { renderEmail } from "@/server/email/layout";
import type { OutgoingEmail } from "@/server/email/send-email";
import { unsubscribeLinks, type EmailCustomer } from "@/server/email/templates/customer";

/** What the customer is told of one application (docs/product-rules.md#application-records). */
export interface ApplicationNotice {
  appliedOn: string;
  serviceAddress: string;
  targetPest: string;
  products: Array<{ name: string; epaRegistrationNumber: string; keepOffAdvice: string | null }>;
  /** Whether the visit was a round of an enrollment in a program. */
  programRound: boolean;
  /** That enrollment's next round, if one is left this season. */
  nextRound: { position: number; opensOn: string; closesOn: string } | null;
}

const longDay = (day: string) => formatBusinessDate(startOfBusinessDay(day), "MMMM d, yyyy");
const shortDay = (day: string) => formatBusinessDate(startOfBusinessDay(day), "MMMM d");

export function nextRoundWindow(round: { position: number; opensOn: string; closesOn: string }): string {
  return `Round ${round.position}, between ${shortDay(round.opensOn)} and ${shortDay(round.closesOn)}`;
}

/** The keep-off advice of the products, each said once; a general word when no product gives any. */
export function keepOffAdviceOf(products: ApplicationNotice["products"]): string[] {
  const advice = [...new Set(products.map((product) => product.keepOffAdvice?.trim()).filter((text): text is string => Boolean(text)))];
  return advice.length > 0 ? advice : ["Keep children and pets off the treated lawn until it is dry."];
}

/** After a treatment: what was applied and why, the products' keep-off advice, and the next round's window. */
export function applicationEmail(customer: EmailCustomer, notice: ApplicationNotice): OutgoingEmail {
  const unsubscribe = unsubscribeLinks(customer.unsubscribeToken);
  const names = notice.products.map((product) => product.name).join(", ");
  return {
    to: customer.email,
    subject: `We treated your lawn on ${longDay(notice.appliedOn)}: ${names}`,
    kind: "application_notice",
    headers: unsubscribe.headers,
    ...renderEmail({
      greeting: `Hi ${customer.fullName},`,
      paragraphs: [
        `Our crew treated your lawn on ${longDay(notice.appliedOn)} for ${notice.targetPest}. Here is what we applied and why.`,
        ...keepOffAdviceOf(notice.products),
        ...(notice.nextRound
          ? [`Your next round is ${nextRoundWindow(notice.nextRound)}; we will schedule it and let you know.`]
          : notice.programRound
            ? ["This was the last round of your program this season."]
            : []),
      ],
      details: [
        ["Applied on", longDay(notice.appliedOn)],
        ["Where", notice.serviceAddress],
        ["Target", notice.targetPest],
        ...notice.products.map((product): [string, string] => [
          "Product",
          `${product.name} (EPA Reg. No. ${product.epaRegistrationNumber})`,
        ]),
        ...(notice.nextRound ? ([["Next round", nextRoundWindow(notice.nextRound)]] as Array<[string, string]>) : []),
      ],
      action: { label: "Open My Account", url: appUrl("/customer/account") },
      unsubscribeUrl: unsubscribe.page,
      audience: "customer",
    }),
  };
}
