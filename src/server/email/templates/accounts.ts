import { BUSINESS } from "@/lib/business";
import { renderEmail } from "../layout";
import type { OutgoingEmail } from "../send-email";

const SIGNATURE = `\n\nThe ${BUSINESS.name} team\n${BUSINESS.phone} · ${BUSINESS.email}`;

/** A link with a single-use token in it; the token is kept apart so it can be scrubbed later. */
export interface EmailLink {
  url: string;
  token: string;
}

/**
 * Names in our emails were typed by whoever booked or registered, who may not be the inbox's
 * owner. The only free text a stranger gets into an email is a name, so it must read as one: no
 * line breaks or control characters, nothing that a mail program would turn into a link or an
 * address, and not a paragraph. Anything else greets "there".
 */
export function greetingName(name: string): string {
  const plain = name.normalize("NFKC").replace(/\p{C}/gu, " ").replace(/\s+/g, " ").trim();
  const carriesMore = plain.length > 60 || /[<>@:/\\[\]{}|]|www\.|[\p{L}\d-]{2,}\.[\p{L}]{2,}/iu.test(plain);
  return plain && !carriesMore ? plain : "there";
}

function greeting(name: string): string {
  return `Hi ${greetingName(name)},\n\n`;
}

export function verificationEmail(to: { email: string; fullName: string }, link: EmailLink): OutgoingEmail {
  return {
    to: to.email,
    subject: `Confirm your email for ${BUSINESS.name}`,
    body:
      greeting(to.fullName) +
      `Please confirm that this is your email address by opening this link:\n\n${link.url}\n\n` +
      "You will be asked to log in if you are not already. Once confirmed, My Account shows all your visits, " +
      "messages and payments with us. The link works once and expires in 24 hours. " +
      "If you did not create an account, you can ignore this email." +
      SIGNATURE,
    secrets: [link.token],
  };
}

export function invitationEmail(to: { email: string; fullName: string }, link: EmailLink): OutgoingEmail {
  return {
    to: to.email,
    subject: `Your ${BUSINESS.name} customer portal`,
    body:
      greeting(to.fullName) +
      "You can now see your upcoming visits, message us and review payments online. " +
      `Choose a password to open your account:\n\n${link.url}\n\n` +
      "The link works once and expires in 24 hours. If it has expired, ask us for a new one." +
      SIGNATURE,
    secrets: [link.token],
  };
}

/** Someone registered (or asked for a reset) with the email of a record that has no password yet. */
export function claimEmail(to: { email: string; fullName: string }, link: EmailLink): OutgoingEmail {
  return {
    to: to.email,
    subject: `Open your ${BUSINESS.name} customer portal`,
    body:
      greeting(to.fullName) +
      "Someone asked to open a customer portal account for this email address. Your bookings with us are " +
      "already kept under it, so to keep them private the account can only be opened from this email.\n\n" +
      `If it was you, choose your password here:\n\n${link.url}\n\n` +
      "The link works once and expires in 24 hours. If it was not you, ignore this email: nothing changes." +
      SIGNATURE,
    secrets: [link.token],
  };
}

export function passwordResetEmail(to: { email: string; fullName: string }, link: EmailLink): OutgoingEmail {
  return {
    to: to.email,
    subject: `Reset your ${BUSINESS.name} password`,
    body:
      greeting(to.fullName) +
      `To choose a new password for your customer portal account, open this link:\n\n${link.url}\n\n` +
      "The link works once and expires in 1 hour. Choosing a new password logs out every other device. " +
      "If you did not ask for this, ignore this email: your password stays as it is." +
      SIGNATURE,
    secrets: [link.token],
  };
}

export function passwordChangedEmail(to: { email: string; fullName: string }): OutgoingEmail {
  return {
    to: to.email,
    subject: `Your ${BUSINESS.name} password was changed`,
    body:
      greeting(to.fullName) +
      "The password of your customer portal account was just changed, and every other device was logged out. " +
      `If this was not you, reset your password from the login page at once, or call us at ${BUSINESS.phone}.` +
      SIGNATURE,
  };
}

/** An owner invited someone to the staff area: who did, the role they will have and, for crew, which crew. */
export function staffInvitationEmail(
  to: { email: string },
  invitation: { role: string; crewName: string | null; invitedBy: string | null },
  link: EmailLink,
): OutgoingEmail {
  const sender = invitation.invitedBy ? greetingName(invitation.invitedBy) : null;
  return {
    to: to.email,
    subject: sender ? `${sender} invited you to the ${BUSINESS.name} staff area` : `You're invited to the ${BUSINESS.name} staff area`,
    secrets: [link.token],
    ...renderEmail({
      audience: "staff",
      greeting: "Hi there,",
      paragraphs: [
        `${sender ?? "An owner"} invited you to join the ${BUSINESS.name} staff area. Choose your username and password to start.`,
        "The link works once and expires in 7 days. If you were not expecting this, you can ignore this email.",
      ],
      details: [
        ["Role", invitation.role],
        ...(invitation.crewName ? ([["Crew", invitation.crewName]] as Array<[string, string]>) : []),
        ...(sender ? ([["Invited by", sender]] as Array<[string, string]>) : []),
      ],
      action: { label: "Accept the invitation", url: link.url },
    }),
  };
}
