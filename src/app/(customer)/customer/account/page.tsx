import type { Metadata } from "next";
import { MyAccount } from "@/components/portal/my-account";
import { requireCustomer } from "@/server/app/sign-in-gates";

export const metadata: Metadata = { title: "My Account" };

export default async function CustomerAccountPage() {
  return <MyAccount customer={await requireCustomer()} />;
}
