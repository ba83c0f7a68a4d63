"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { controlClasses } from "@/components/ui/field";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { api } from "@/trpc/react";
import { customerPickerInput } from "./customer-list-input";

export interface PickedCustomer {
  id: number;
  fullName: string;
}

/**
 * Choosing one customer among thousands on a phone: a search box narrows the native select (the
 * phone's own picker) to the customers that match, by name first.
 */
export function CustomerPicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: number | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string;
}) {
  const [query, setQuery] = useState("");
  // The search box is uncontrolled, so what was typed before the page's JavaScript ran is kept
  // (a controlled box would be reset to "" by hydration) and read once it has.
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = searchBox.current?.value ?? "";
    if (typed) setQuery(typed);
  }, []);
  const settledQuery = useDebouncedValue(query);
  const matches = api.customers.search.useQuery(customerPickerInput(settledQuery), { placeholderData: keepPreviousData });
  const listed = matches.data?.customers.find((customer) => customer.id === value);
  const chosen = api.customers.get.useQuery({ id: value ?? 0 }, { enabled: value !== null && matches.isSuccess && !listed });
  const options: PickedCustomer[] = [...(!listed && chosen.data ? [chosen.data] : []), ...(matches.data?.customers ?? [])];
  const total = matches.data?.total ?? 0;
  const shown = matches.data?.customers.length ?? 0;

  return (
    <div className="space-y-2">
      <div>
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-gray-800">
          Search by name, phone, email or address
        </label>
        <input
          id={`${id}-search`}
          ref={searchBox}
          type="search"
          defaultValue=""
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          className={`${controlClasses()} min-h-11`}
        />
      </div>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
          Customer
        </label>
        <select
          id={id}
          value={value ?? ""}
          onChange={(event) => onChange(options.find((option) => String(option.id) === event.target.value) ?? null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-count`}
          className={`${controlClasses(Boolean(error))} min-h-11`}
        >
          <option value="">{matches.isPending ? "Loading customers…" : "Choose a customer…"}</option>
          {options.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.fullName}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${id}-count`} className="mt-1 text-xs text-gray-600">
            {matches.isError
              ? "Customers could not be loaded. Please reload the page."
              : total > shown
                ? `${shown} of ${total.toLocaleString("en-US")} customers listed; search to narrow.`
                : settledQuery.trim() && total === 0
                  ? "No customers match."
                  : null}
          </p>
        )}
      </div>
    </div>
  );
}
