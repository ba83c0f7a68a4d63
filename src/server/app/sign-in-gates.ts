import "server-only";

import { redirect } from "next/navigation";
import { serverApi } from "@/trpc/server";
import { homePageOf, mayOpenPage, type StaffRole } from "@/lib/staff-roles";

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

/**
 * A staff page some roles may not use: whoever cannot is sent to their own first page on the
 * server (a crew member opening /payments lands on the schedule), never shown an error page.
 */
export async function requireStaffPage(page: string) {
  const status = await requireStaff();
  if (!mayOpenPage(status.user.role, page)) redirect(homePageOf(status.user.role));
  return status;
}

/** A page for some roles only, such as Settings → Staff for owners: others go to `fallback`. */
export async function requireStaffRole(roles: readonly StaffRole[], fallback: string) {
  const status = await requireStaff();
  if (!roles.includes(status.user.role)) redirect(fallback);
  return status;
}

export async function requireCustomer() {
  const status = await (await serverApi()).customerAuth.status({});
  if (!status.authenticated || !status.customer) redirect("/customer/login");
  return status.customer;
}

/** A sign-in page sends someone already signed in where signing in would take them. */
export async function redirectSignedInStaff() {
  const status = await (await serverApi()).auth.status({});
  if (status.authenticated && status.user) redirect(homePageOf(status.user.role));
  return status;
}

export async function redirectSignedInCustomer() {
  const status = await (await serverApi()).customerAuth.status({});
  if (status.authenticated) redirect("/customer/account");
  return status;
}
