"use server";

import { redirect } from "next/navigation";
import { textFields, withoutPasswords } from "./form-values";
import type { FormState } from "./form-state";
import { callProcedure, fieldErrorsOf } from "./procedure-call";

const FIELDS = ["fullName", "email", "phone", "password", "confirmPassword", "address", "city", "state", "zipCode"] as const;
const PASSWORDS = ["password", "confirmPassword"];

/**
 * The registration form, posted without JavaScript: the API's procedure, then My Account. An email
 * the business already knows gets a link instead of a session; the page then says so (`notice`).
 */
export async function customerRegisterAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const input = textFields(formData, FIELDS);
  // The "Text me" box is posted only when ticked; it comes back ticked after a failure.
  const textConsent = formData.has("textConsent");
  const values = { ...withoutPasswords(input, PASSWORDS), ...(textConsent ? { textConsent: "on" } : {}) };
  const result = await callProcedure((api) => api.customerAuth.register({ ...input, textConsent }));
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.failure);
    // An email already registered is the email field's problem, as the JavaScript form shows it.
    if (result.failure.status === 409) fieldErrors.email = result.failure.message;
    return { error: Object.keys(fieldErrors).length > 0 ? undefined : result.failure.message, fieldErrors, values };
  }
  if (!result.data.authenticated) return { notice: result.data.message, values: { email: input.email } };
  redirect("/customer/account");
}
