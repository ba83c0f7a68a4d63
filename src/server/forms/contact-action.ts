"use server";

import { textFields } from "./form-values";
import type { FormState } from "./form-state";
import { callProcedure, fieldErrorsOf } from "./procedure-call";

/**
 * The contact form, posted without JavaScript: the API's procedure. Success empties the form and
 * shows the same thanks as the toast; a failure keeps what was typed.
 */
export async function contactAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = textFields(formData, ["name", "email", "phone", "message"]);
  const phone = values.phone.trim();
  const input = { name: values.name.trim(), email: values.email.trim(), message: values.message.trim(), ...(phone ? { phone } : {}) };
  const result = await callProcedure((api) => api.contact.submit(input));
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.failure);
    return { error: Object.keys(fieldErrors).length > 0 ? undefined : result.failure.message, fieldErrors, values };
  }
  return { notice: "Thanks for reaching out. We'll get back to you soon." };
}
