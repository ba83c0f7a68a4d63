"use server";

import { redirect } from "next/navigation";
import { homePageOf } from "@/lib/staff-roles";
import { textFields } from "./form-values";
import type { FormState } from "./form-state";
import { callProcedure, fieldErrorsOf } from "./procedure-call";

/**
 * A staff invitation's sign-up form, posted without JavaScript: the API's procedure, which signs
 * the new member in, then their role's first page. A link that cannot be used is the form's error.
 */
export async function staffInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const input = textFields(formData, ["token", "fullName", "username", "password", "confirmPassword"]);
  const result = await callProcedure((api) => api.staff.acceptInvitation(input));
  const values = { fullName: input.fullName, username: input.username };
  if (!result.ok) {
    const fieldErrors = fieldErrorsOf(result.failure);
    const linkProblem = fieldErrors.token;
    delete fieldErrors.token;
    const error = linkProblem ?? (Object.keys(fieldErrors).length > 0 ? undefined : result.failure.message);
    return { error, fieldErrors, values };
  }
  redirect(homePageOf(result.data.user?.role ?? "office"));
}
