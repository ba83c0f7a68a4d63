import type { TContactForm } from "@/lib/validation/contact";

/**
 * The browser's copy of the contact form's field rules for the contact page. The server validates with
 * ZContactFormSchema; zod would add about 35 kB gzip to a page with a 130 kB budget, so the form
 * checks the same rules here and contact-form-rules.test.ts proves both agree, message for message.
 */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
const tooLong = (max: number) => `Must be at most ${max} characters`;

export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export type ContactField = keyof ContactFormValues;

/** In the order the form shows them, so the first bad one gets the focus. */
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "phone", "message"];

function lengthRule(value: string, min: number, max: number, message: string): string | null {
  if (value.length < min) return message;
  if (value.length > max) return tooLong(max);
  return null;
}

export function contactFormErrors(values: ContactFormValues): Partial<Record<ContactField, string>> {
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const message = values.message.trim();
  const errors: Partial<Record<ContactField, string | null>> = {
    name: lengthRule(name, 2, 200, "Name must be at least 2 characters"),
    email: email.length > 254 || !EMAIL.test(email) ? "Please enter a valid email address" : null,
    phone: phone.length > 30 ? tooLong(30) : null,
    message: lengthRule(message, 10, 5000, "Message must be at least 10 characters"),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error !== null)) as Partial<Record<ContactField, string>>;
}

/** The values the server receives: trimmed, with an empty phone left out. */
export function contactFormInput(values: ContactFormValues): TContactForm {
  const phone = values.phone.trim();
  return { name: values.name.trim(), email: values.email.trim(), message: values.message.trim(), ...(phone ? { phone } : {}) };
}
