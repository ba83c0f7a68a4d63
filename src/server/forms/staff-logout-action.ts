"use server";

import { redirect } from "next/navigation";
import { callProcedure } from "./procedure-call";

/**
 * Signs a staff member out from a plain form (the crew's phone has no staff header): the API's
 * procedure, which ends the session and clears its cookie, then the login page.
 */
export async function staffLogoutAction(): Promise<void> {
  await callProcedure((api) => api.auth.logout({}));
  redirect("/login");
}
