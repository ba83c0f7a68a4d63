import { describe, expect, it } from "vitest";
import { ZContactFormSchema } from "@/lib/validation/contact";
import { contactFormErrors, contactFormInput, type ContactFormValues } from "./contact-form-rules";

const valid: ContactFormValues = { name: "Jane Doe", email: "jane@example.com", phone: "", message: "Do you mow on Saturdays?" };

/** The server's verdict: the first message per field, as the REST answer and the form show it. */
function serverErrors(values: ContactFormValues) {
  const result = ZContactFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const CASES: Array<[string, Partial<ContactFormValues>]> = [
  ["a valid message", {}],
  ["a phone", { phone: " 512-555-0100 " }],
  ["a one-letter name", { name: "J" }],
  ["a padded one-letter name", { name: "   J   " }],
  ["an empty form", { name: "", email: "", message: "" }],
  ["a long name", { name: "x".repeat(201) }],
  ["an email without a domain", { email: "jane@" }],
  ["an email with spaces around it", { email: "  jane@example.com  " }],
  ["an email with a double dot", { email: "jane..doe@example.com" }],
  ["an email with a one-letter top-level domain", { email: "jane@example.c" }],
  ["an email with a plus", { email: "jane+lawn@example.co.uk" }],
  ["an overlong email", { email: `${"a".repeat(250)}@example.com` }],
  ["a short message", { message: "Too short" }],
  ["a message padded to ten", { message: `     ${"x".repeat(5)}     ` }],
  ["a message of exactly ten", { message: "x".repeat(10) }],
  ["a long message", { message: "x".repeat(5001) }],
  ["a long phone", { phone: "1".repeat(31) }],
];

describe("contact form rules in the browser", () => {
  it.each(CASES)("agree with the server's schema for %s", (_case, change) => {
    const values = { ...valid, ...change };
    expect(contactFormErrors(values)).toEqual(serverErrors(values));
  });

  it("send what the server's schema accepts, trimmed", () => {
    const input = contactFormInput({ name: " Jane ", email: " jane@example.com ", phone: "  ", message: "  Please call me back.  " });
    expect(input).toEqual({ name: "Jane", email: "jane@example.com", message: "Please call me back." });
    expect(ZContactFormSchema.parse(input)).toEqual(input);
  });
});
