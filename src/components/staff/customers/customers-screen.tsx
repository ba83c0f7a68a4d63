"use client";

import { ArrowLeft, Plus, Users } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { api } from "@/trpc/react";
import { InviteToPortalButton } from "@/components/portal/invite-to-portal-button";
import { CustomerCard, type StaffCustomer } from "./customer-card";
import { CustomerForm } from "./customer-form";
import { DeleteCustomerDialog } from "./delete-customer-dialog";

export function BackToCustomers() {
  return (
    <ButtonLink href="/customers" variant="ghost" className="-ml-3">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Customers
    </ButtonLink>
  );
}

/** Spec 2, Customers screen: the list, or the add form with ?new=true. */
export function CustomersScreen() {
  const params = useSearchParams();
  const customers = api.customers.list.useQuery({});
  const [deleting, setDeleting] = useState<StaffCustomer | null>(null);

  if (params.get("new") === "true") {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackToCustomers />
        <h1 className="text-2xl font-bold text-gray-900">Add Customer</h1>
        <CustomerForm />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Customers</h1>
        <ButtonLink href="/customers?new=true">
          <Plus aria-hidden="true" className="size-4" />
          Add Customer
        </ButtonLink>
      </div>
      {customers.isPending ? (
        <PageSpinner />
      ) : customers.isError ? (
        <p className="text-sm text-red-700">The customer list could not be loaded.</p>
      ) : customers.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
          <Users aria-hidden="true" className="mx-auto size-10 text-gray-400" />
          <h2 className="mt-3 text-lg font-semibold text-gray-900">No Customers Yet</h2>
          <p className="mt-1 text-sm text-gray-600">Add your first customer to start scheduling services.</p>
          <ButtonLink href="/customers?new=true" className="mt-4">
            Add Customer
          </ButtonLink>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {customers.data.map((customer) => (
            <CustomerCard
              key={customer.id}
              customer={customer}
              onDelete={() => setDeleting(customer)}
              extraActions={customer.hasPortalAccount ? null : <InviteToPortalButton customerId={customer.id} className="min-h-11" />}
            />
          ))}
        </ul>
      )}
      <DeleteCustomerDialog customer={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
