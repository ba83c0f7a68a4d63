"use server";

import { redirect } from "next/navigation";
import { INVALID_STAFF_LOGIN } from "@/server/auth/staff-accounts";
import { textFields } from "./form-values";
import type { FormState } from "./form-state";
import { callProcedure, fieldErrorsOf } from "./procedure-call";

/**
 * The staff login form, posted without JavaScript: the API's procedure, then the dashboard. A
 * refusal reads one message whatever the cause; a throttled sign-in says when to retry.
 */
export async function staffLoginAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { username, password } = textFields(formData, ["username", "password"]);
  const signedIn = await callProcedure((api) => api.auth.login({ username, password }));
  if (!signedIn.ok) {
    const fieldErrors = fieldErrorsOf(signedIn.failure);
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors, values: { username } };
    const error = signedIn.failure.status === 429 ? signedIn.failure.message : INVALID_STAFF_LOGIN;
    return { error, values: { username } };
  }
  redirect("/dashboard");
}
