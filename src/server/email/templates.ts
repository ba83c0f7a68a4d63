import { BUSINESS } from "@/lib/business";
import type { OutgoingEmail } from "./send-email";

const SIGNATURE = `\n\nThe ${BUSINESS.name} team\n${BUSINESS.phone} · ${BUSINESS.email}`;

export function verificationEmail(to: { email: string; fullName: string }, link: string): OutgoingEmail {
  return {
    to: to.email,
    subject: `Confirm your email for ${BUSINESS.name}`,
    body:
      `Hi ${to.fullName},\n\n` +
      `Please confirm that this is your email address by opening this link:\n\n${link}\n\n` +
      "Once confirmed, My Account shows all your visits, messages and payments with us. " +
      "The link works once and expires in 24 hours. If you did not create an account, you can ignore this email." +
      SIGNATURE,
  };
}

export function invitationEmail(to: { email: string; fullName: string }, link: string): OutgoingEmail {
  return {
    to: to.email,
    subject: `Your ${BUSINESS.name} customer portal`,
    body:
      `Hi ${to.fullName},\n\n` +
      "You can now see your upcoming visits, message us and review payments online. " +
      `Choose a password to open your account:\n\n${link}\n\n` +
      "The link works once and expires in 24 hours. If it has expired, ask us for a new one." +
      SIGNATURE,
  };
}
