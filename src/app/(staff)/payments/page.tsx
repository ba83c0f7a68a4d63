import type { Metadata } from "next";
import { Suspense } from "react";
import { PaymentsScreen } from "@/components/payments/payments-screen";
import { PageSpinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Payments" };

export default function PaymentsPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <PaymentsScreen />
    </Suspense>
  );
}
