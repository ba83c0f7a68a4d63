import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { MyAccount } from "@/components/portal/my-account";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "My Account" };

export default async function CustomerAccountPage() {
  const status = await (await serverApi()).customerAuth.status({});
  // Spec 2: customer-protected routes redirect to /customer/login.
  if (!status.authenticated || !status.customer) redirect("/customer/login");
  return <MyAccount customer={status.customer} />;
}
