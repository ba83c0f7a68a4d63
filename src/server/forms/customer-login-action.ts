"use server";

import { redirect } from "next/navigation";
import { INVALID_CUSTOMER_LOGIN } from "@/server/customer-accounts/accounts";
import { textFields } from "./form-values";
import type { FormState } from "./form-state";
import { callProcedure, fieldErrorsOf } from "./procedure-call";

/**
 * The customer login form, posted without JavaScript (or before it loaded): the same procedure as
 * the API, then My Account. A `verify` token (the emailed confirmation link) is confirmed for the
 * account that just signed in; if it cannot be, My Account still offers a new link.
 */
export async function customerLoginAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const { email, password, verify } = textFields(formData, ["email", "password", "verify"]);
  const signedIn = await callProcedure((api) => api.customerAuth.login({ email, password }));
  if (!signedIn.ok) {
    const fieldErrors = fieldErrorsOf(signedIn.failure);
    const error = Object.keys(fieldErrors).length > 0 ? undefined : signedIn.failure.message || INVALID_CUSTOMER_LOGIN;
    return { error, fieldErrors, values: { email } };
  }
  if (verify) await callProcedure((api) => api.portal.verifyEmail({ token: verify }), signedIn.setCookies);
  redirect("/customer/account");
}
