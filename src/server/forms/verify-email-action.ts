"use server";

import { redirect } from "next/navigation";
import { textFields } from "./form-values";
import type { FormState } from "./form-state";
import { callProcedure } from "./procedure-call";

/** The emailed confirmation link's step for a signed-in customer, sent as a form: confirm, then My Account. */
export async function verifyEmailAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { token } = textFields(formData, ["token"]);
  const result = await callProcedure((api) => api.portal.verifyEmail({ token }));
  if (!result.ok) return { error: result.failure.message };
  redirect("/customer/account");
}
