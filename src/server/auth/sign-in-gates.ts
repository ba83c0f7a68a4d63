import "server-only";

import { redirect } from "next/navigation";
import { serverApi } from "@/trpc/server";

/**
 * The one sign-in gate for staff and customers: a server component reads the session from the
 * request's cookie and redirects on the server, so a page that needs a sign-in never renders
 * (nor flashes) without one, with or without JavaScript.
 */
export async function requireStaff() {
  const status = await (await serverApi()).auth.status({});
  if (!status.authenticated || !status.user) redirect("/login");
  return { ...status, user: status.user };
}

export async function requireCustomer() {
  const status = await (await serverApi()).customerAuth.status({});
  if (!status.authenticated || !status.customer) redirect("/customer/login");
  return status.customer;
}

/** A sign-in page sends someone already signed in where signing in would take them. */
export async function redirectSignedInStaff() {
  const status = await (await serverApi()).auth.status({});
  if (status.authenticated) redirect("/dashboard");
  return status;
}

export async function redirectSignedInCustomer() {
  const status = await (await serverApi()).customerAuth.status({});
  if (status.authenticated) redirect("/customer/account");
  return status;
}
