import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthShell } from "@/components/portal/auth-shell";
import { CustomerLoginForm } from "@/components/portal/customer-login-form";
import { PortalBenefits } from "@/components/portal/portal-benefits";
import { firstParam } from "@/components/portal/search-params";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Customer Login" };

export default async function CustomerLoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const verifyToken = firstParam((await searchParams).verify);
  const status = await (await serverApi()).customerAuth.status({});
  // A signed-in customer goes to My Account (after confirming an emailed link, if any).
  if (status.authenticated && !verifyToken) redirect("/customer/account");
  return (
    <AuthShell title="Customer Login" subtitle="Log in to manage your lawn care appointments." aside={<PortalBenefits />}>
      <CustomerLoginForm verifyToken={verifyToken} signedIn={status.authenticated} />
    </AuthShell>
  );
}
