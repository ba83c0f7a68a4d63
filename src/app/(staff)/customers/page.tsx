import type { Metadata } from "next";
import { Suspense } from "react";
import { CustomersScreen } from "@/components/staff/customers/customers-screen";
import { PageSpinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Customers" };

export default function CustomersPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <CustomersScreen />
    </Suspense>
  );
}
