"use client";

import { PageSpinner } from "@/components/ui/spinner";
import { api } from "@/trpc/react";
import { CustomerForm } from "./customer-form";
import { CustomerLocationCard } from "./customer-location-card";
import { CustomerTextsCard } from "./customer-texts-card";
import { CustomerProgramsCard } from "@/components/programs/customer-programs-card";
import { BackToCustomers } from "./customers-screen";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export function EditCustomerScreen({ id }: { id: number | null }) {
  const customer = api.customers.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackToCustomers />
      <h1 className="text-2xl font-bold text-gray-900">Edit Customer</h1>
      {id === null || customer.isError ? (
        <p className="text-sm text-red-700">{customer.error?.message ?? CUSTOMER_NOT_FOUND}</p>
      ) : customer.isPending ? (
        <PageSpinner />
      ) : (
        <CustomerForm
          customerId={id}
          initialValues={{
            fullName: customer.data.fullName,
            email: customer.data.email,
            phone: customer.data.phone ?? "",
            address: customer.data.address ?? "",
            city: customer.data.city ?? "",
            state: customer.data.state ?? "",
            zipCode: customer.data.zipCode ?? "",
            notes: customer.data.notes ?? "",
          }}
        />
      )}
      {id !== null && customer.isSuccess ? <CustomerTextsCard customerId={id} phone={customer.data.phone} /> : null}
      {id !== null && customer.isSuccess ? <CustomerLocationCard customerId={id} /> : null}
      {id !== null && customer.isSuccess ? <CustomerProgramsCard customerId={id} /> : null}
    </div>
  );
}
