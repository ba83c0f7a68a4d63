"use server";

import { redirect } from "next/navigation";
import { textFields } from "./form-values";
import type { FormState } from "./form-state";
import { callProcedure, fieldErrorsOf } from "./procedure-call";

/** The invitation's password form, posted without JavaScript: the API's procedure, then My Account. */
export async function acceptInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const input = textFields(formData, ["token", "password", "confirmPassword"]);
  const result = await callProcedure((api) => api.portal.acceptInvitation(input));
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.failure);
    delete fieldErrors.token;
    return { error: Object.keys(fieldErrors).length > 0 ? undefined : result.failure.message, fieldErrors };
  }
  redirect("/customer/account");
}
