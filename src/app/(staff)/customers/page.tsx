import { requireStaffPage } from "@/server/app/sign-in-gates";
import type { Metadata } from "next";
import { CustomersScreen } from "@/components/staff/customers/customers-screen";
import { customerListInput } from "@/components/staff/customers/customer-list-input";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage() {
  await requireStaffPage("/customers");
  await prefetchApi.customers.search.prefetch(customerListInput({}));
  return (
    <HydrateClient>
      <CustomersScreen />
    </HydrateClient>
  );
}
