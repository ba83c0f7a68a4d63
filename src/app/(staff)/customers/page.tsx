import type { Metadata } from "next";
import { Suspense } from "react";
import { CustomersScreen } from "@/components/staff/customers/customers-screen";
import { customerListInput } from "@/components/staff/customers/customer-list-input";
import { PageSpinner } from "@/components/ui/spinner";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage() {
  await prefetchApi.customers.search.prefetch(customerListInput({}));
  return (
    <HydrateClient>
      <Suspense fallback={<PageSpinner />}>
        <CustomersScreen />
      </Suspense>
    </HydrateClient>
  );
}
