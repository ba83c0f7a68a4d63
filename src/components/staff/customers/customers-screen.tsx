"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { ArrowLeft, ChevronLeft, ChevronRight, Plus, Users } from "lucide-react";
import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { controlClasses, SearchField } from "@/components/ui/field";
import { PageSpinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { CUSTOMER_SORTS, type CustomerSort } from "@/lib/customer-search-rules";
import { api } from "@/trpc/react";
import { InviteToPortalButton } from "@/components/portal/invite-to-portal-button";
import { CustomerCard, type StaffCustomer } from "./customer-card";
import { CUSTOMERS_PER_PAGE, customerListInput } from "./customer-list-input";

// The form (react-hook-form and zod) and the delete dialog load only when they are opened.
const CustomerForm = dynamic(() => import("./customer-form").then((module) => module.CustomerForm), { loading: () => <PageSpinner /> });
const DeleteCustomerDialog = dynamic(() => import("./delete-customer-dialog").then((module) => module.DeleteCustomerDialog), {
  loading: () => null,
});

const SORT_LABELS: Record<CustomerSort, string> = { name: "Name (A to Z)", newest: "Newest first", oldest: "Oldest first" };

export function BackToCustomers() {
  return (
    <ButtonLink href="/customers" variant="ghost" className="-ml-3">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Customers
    </ButtonLink>
  );
}

/** The customers screen: the list, or the add form with ?new=true. */
export function CustomersScreen() {
  const params = useSearchParams();
  if (params.get("new") === "true") {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackToCustomers />
        <h1 className="text-2xl font-bold text-gray-900">Add Customer</h1>
        <CustomerForm />
      </div>
    );
  }
  return <CustomerList />;
}

/** Search by any part of a name, email, address or phone, sorted, one page at a time: thousands stay quick. */
function CustomerList() {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<CustomerSort>("name");
  const [page, setPage] = useState(1);
  // undefined until a first delete is asked for, so the dialog's code loads only then.
  const [deleting, setDeleting] = useState<StaffCustomer | null | undefined>(undefined);
  const settledQuery = useDebouncedValue(query);
  const result = api.customers.search.useQuery(customerListInput({ query: settledQuery, sort, page }), {
    placeholderData: keepPreviousData,
  });
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE));
  const first = (page - 1) * CUSTOMERS_PER_PAGE + 1;
  const searching = settledQuery.trim() !== "";

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Customers</h1>
        <ButtonLink href="/customers?new=true">
          <Plus aria-hidden="true" className="size-4" />
          Add Customer
        </ButtonLink>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <SearchField
          id="customer-search"
          label="Search customers"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
          placeholder="Name, email, phone or address"
        />
        <div>
          <label htmlFor="customer-sort" className="mb-1 block text-sm font-medium text-gray-800">
            Sort by
          </label>
          <select
            id="customer-sort"
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as CustomerSort);
              setPage(1);
            }}
            className={`${controlClasses()} min-h-11`}
          >
            {CUSTOMER_SORTS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {result.isPending ? (
        <PageSpinner />
      ) : result.isError ? (
        <p className="text-sm text-red-700">The customer list could not be loaded.</p>
      ) : total === 0 && !searching ? (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
          <Users aria-hidden="true" className="mx-auto size-10 text-gray-400" />
          <h2 className="mt-3 text-lg font-semibold text-gray-900">No Customers Yet</h2>
          <p className="mt-1 text-sm text-gray-600">Add your first customer to start scheduling services.</p>
          <ButtonLink href="/customers?new=true" className="mt-4">
            Add Customer
          </ButtonLink>
        </div>
      ) : (
        <>
          <p className="text-sm text-gray-700" role="status" aria-live="polite">
            {total === 0
              ? `No customers match “${settledQuery.trim()}”.`
              : `${first.toLocaleString("en-US")}–${Math.min(first + CUSTOMERS_PER_PAGE - 1, total).toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${total === 1 ? "customer" : "customers"}${searching ? ` matching “${settledQuery.trim()}”` : ""}`}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={result.isPlaceholderData}>
            {result.data.customers.map((customer) => (
              <CustomerCard
                key={customer.id}
                customer={customer}
                query={settledQuery}
                onDelete={() => setDeleting(customer)}
                extraActions={customer.hasPortalAccount ? null : <InviteToPortalButton customerId={customer.id} className="min-h-11" />}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Customer pages" className="flex items-center justify-between gap-3">
              <Button variant="outline" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </Button>
              <span className="text-sm text-gray-700">
                Page {page} of {pages.toLocaleString("en-US")}
              </span>
              <Button variant="outline" onClick={() => setPage(page + 1)} disabled={page >= pages}>
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          ) : null}
        </>
      )}
      {deleting !== undefined ? <DeleteCustomerDialog customer={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
