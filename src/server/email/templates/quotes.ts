import { BUSINESS } from "@/lib/business";
import { formatBusinessDate, startOfBusinessDay, type DateString } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { formatPhoneNumber } from "@/lib/phone-number";
import { formatPostalAddress } from "@/lib/postal-address";
import { quoteDay } from "@/lib/quote-plan-text";
import { appUrl } from "@/server/email/app-url";
import { renderEmail } from "@/server/email/layout";
import type { OutgoingEmail } from "@/server/email/send-email";
import { greetingName } from "./accounts";

function excerpt(text: string): string {
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

/**
 * The sender's receipt of a request from /quote. It repeats nothing they typed but their first name
 * (cleaned as every greeting is): the form takes any address, so the email must not carry a
 * stranger's text to it. The limits per address and per email bound how often it is sent.
 */
export function quoteRequestReceivedEmail(request: { name: string; email: string }, photoCount: number): OutgoingEmail {
  return {
    to: request.email,
    subject: "We received your quote request",
    kind: "quote_request_received",
    ...renderEmail({
      greeting: `Hi ${greetingName(request.name)},`,
      paragraphs: [
        `Thanks for asking GreenScape Austin for a quote${photoCount > 0 ? ` and for the ${photoCount === 1 ? "photo" : `${photoCount} photos`}` : ""}.`,
        "We'll look at your request and email you a quote, usually within two business days. If we need to see the yard first, we'll call you to set a time.",
        `Questions in the meantime? Call us at ${BUSINESS.phone}.`,
      ],
    }),
  };
}

/** The office's notice of a request from /quote. */
export function quoteRequestStaffEmail(
  officeEmail: string,
  request: {
    name: string;
    email: string;
    phone: string | null;
    address: string;
    city: string | null;
    zipCode: string;
    description: string;
    preferredTime: string | null;
  },
  photoCount: number,
): OutgoingEmail {
  return {
    to: officeEmail,
    subject: `New quote request from ${request.name}`,
    kind: "staff_quote_request",
    ...renderEmail({
      audience: "staff",
      greeting: "Hello,",
      paragraphs: [`${request.name} asked for a quote on the website:`, excerpt(request.description)],
      details: [
        ["Email", request.email],
        ...(request.phone ? ([["Phone", formatPhoneNumber(request.phone)]] as Array<[string, string]>) : []),
        ["Address", formatPostalAddress({ address: request.address, city: request.city, state: "TX", zipCode: request.zipCode })],
        ...(request.preferredTime ? ([["Preferred time", request.preferredTime]] as Array<[string, string]>) : []),
        ["Photos", String(photoCount)],
      ],
      action: { label: "Open requests", url: appUrl("/messages?tab=requests") },
    }),
  };
}

/** The quote's link, to the address the quote is for. The token is a secret: scrubbed once sent. */
export function quoteLinkEmail(
  quote: { id: number; fullName: string; email: string; version: number },
  link: { url: string; token: string },
  summary: { total: number; expiresOn: string; deposit: number; hasOptionalItems: boolean; message: string | null },
): OutgoingEmail {
  // Say only what the quote offers: choosing items only where it has optional ones.
  const howToAnswer = summary.hasOptionalItems
    ? "You can choose optional items, then accept online by typing your name, or decline."
    : "You can accept online by typing your name, or decline.";
  return {
    to: quote.email,
    subject:
      quote.version > 1 ? `Your updated quote from GreenScape Austin (Q-${quote.id})` : `Your quote from GreenScape Austin (Q-${quote.id})`,
    kind: "quote",
    secrets: [link.token],
    ...renderEmail({
      greeting: `Hi ${greetingName(quote.fullName)},`,
      paragraphs: [
        quote.version > 1 ? "We've updated your quote. This link shows the latest version:" : "Thanks for asking us. Your quote is ready:",
        ...(summary.message ? [summary.message] : []),
        `${howToAnswer} You don't need an account; if you have one under this email address, the quote is also under Quotes in My Account.`,
      ],
      details: [
        ["Quote", `Q-${quote.id}`],
        ["Total", formatCents(summary.total)],
        ...(summary.deposit > 0 ? ([["Deposit due on acceptance", formatCents(summary.deposit)]] as Array<[string, string]>) : []),
        ["Valid through", quoteDay(summary.expiresOn)],
      ],
      action: { label: "View your quote", url: link.url },
    }),
  };
}

/** The office's notice that a quote became a plan, and of any visit that still needs a time. */
export function quoteAcceptedStaffEmail(
  officeEmail: string,
  quote: { id: number; fullName: string },
  acceptance: {
    total: number;
    deposit: number;
    signedName: string;
    visitsNeedingTime: number;
    program?: { name: string; season: number } | null;
  },
): OutgoingEmail {
  const made = acceptance.program
    ? `The customer is enrolled in ${acceptance.program.name} for the ${acceptance.program.season} season: its rounds show under Rounds due as they come due.`
    : "Its plan is on the schedule.";
  return {
    to: officeEmail,
    subject: `Quote Q-${quote.id} accepted by ${quote.fullName}`,
    kind: "staff_quote_accepted",
    ...renderEmail({
      audience: "staff",
      greeting: "Hello,",
      paragraphs: [
        `${acceptance.signedName} accepted quote Q-${quote.id}. ${made}`,
        ...(acceptance.visitsNeedingTime > 0
          ? [
              `${acceptance.visitsNeedingTime} visit(s) could not fit the crews' time and are pending: give them a time on the quote's page.`,
            ]
          : []),
      ],
      details: [
        ["Total", formatCents(acceptance.total)],
        ...(acceptance.deposit > 0 ? ([["Deposit paid", formatCents(acceptance.deposit)]] as Array<[string, string]>) : []),
      ],
      action: { label: "Open the quote", url: appUrl(`/quotes/${quote.id}`) },
    }),
  };
}

/**
 * The customer's copy of their acceptance, to the address the quote's link went to: what they
 * accepted, the deposit paid and when the first visit is (or that we will set its time).
 */
export function quoteAcceptanceEmail(
  quote: { id: number; fullName: string; email: string },
  acceptance: { signedName: string; total: number; deposit: number; version: number },
  plan: QuoteAcceptancePlan,
): OutgoingEmail {
  if ("program" in plan) return programAcceptanceEmail(quote, acceptance, plan.program);
  const when = plan.firstVisit ? formatBusinessDate(plan.firstVisit, "EEEE, MMMM d 'at' h:mm a") : null;
  return {
    to: quote.email,
    subject: `You accepted quote Q-${quote.id}`,
    kind: "quote_accepted",
    ...renderEmail({
      greeting: `Hi ${greetingName(quote.fullName)},`,
      paragraphs: [
        `Thank you: ${acceptance.signedName} accepted quote Q-${quote.id} (version ${acceptance.version}). Your ${plan.recurring ? "visits are" : "visit is"} on our schedule.`,
        when && !plan.firstVisitNeedsTime
          ? `${plan.recurring ? "The first visit" : "The visit"} is on ${when}. We will tell you if the weather moves it.`
          : "We will confirm the time of the first visit with you shortly.",
        ...(acceptance.deposit > 0 ? ["The deposit you paid is credited against the first visits."] : []),
      ],
      details: [
        ["Quote", `Q-${quote.id}`],
        ["Total accepted", formatCents(acceptance.total)],
        ...(acceptance.deposit > 0 ? ([["Deposit paid", formatCents(acceptance.deposit)]] as Array<[string, string]>) : []),
      ],
    }),
  };
}

/** What the accepted quote became, as its customer's copy tells it: a plan's first visit, or a program's season. */
export type QuoteAcceptancePlan =
  | { firstVisit: Date | null; firstVisitNeedsTime: boolean; recurring: boolean }
  | { program: { name: string; season: number; firstRound: { opensOn: string; closesOn: string } | null } };

/** The customer's copy of an accepted lawn program's quote: the season, and when the first round comes. */
function programAcceptanceEmail(
  quote: { id: number; fullName: string; email: string },
  acceptance: { signedName: string; total: number; deposit: number; version: number },
  program: { name: string; season: number; firstRound: { opensOn: string; closesOn: string } | null },
): OutgoingEmail {
  const window = (day: string) => formatBusinessDate(startOfBusinessDay(day as DateString), "MMMM d");
  return {
    to: quote.email,
    subject: `You accepted quote Q-${quote.id}`,
    kind: "quote_accepted",
    ...renderEmail({
      greeting: `Hi ${greetingName(quote.fullName)},`,
      paragraphs: [
        `Thank you: ${acceptance.signedName} accepted quote Q-${quote.id} (version ${acceptance.version}). You are enrolled in ${program.name} for the ${program.season} season.`,
        program.firstRound
          ? `Your first round is done between ${window(program.firstRound.opensOn)} and ${window(program.firstRound.closesOn)}: we will tell you its day when we book it.`
          : "We will tell you the day of each round when we book it.",
        "You can follow your rounds, skip one or stop the renewal in My Account.",
        ...(acceptance.deposit > 0 ? ["The deposit you paid is credited against the first rounds."] : []),
      ],
      details: [
        ["Quote", `Q-${quote.id}`],
        ["Total accepted", formatCents(acceptance.total)],
        ...(acceptance.deposit > 0 ? ([["Deposit paid", formatCents(acceptance.deposit)]] as Array<[string, string]>) : []),
      ],
    }),
  };
}
