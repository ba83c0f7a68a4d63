"use client";

import type { CrewProduct } from "@/lib/crew-day";
import { ROLES } from "@/lib/staff-roles";
import { useStaffCan } from "@/components/staff/use-staff-session";
import { api } from "@/trpc/react";
import type { ApplicatorChoice } from "./application-form";

/**
 * What the office's record form picks from: the active products, and (for the office, who record for
 * others) the licensed staff. A crew member is their own applicator, so they get no picker.
 */
export function useApplicationChoices(enabled: boolean): {
  products: CrewProduct[];
  applicators: ApplicatorChoice[] | undefined;
  loading: boolean;
} {
  const office = useStaffCan(ROLES.office);
  const products = api.products.list.useQuery({ status: "active" }, { enabled, staleTime: 60_000 });
  const applicators = api.applications.applicators.useQuery({}, { enabled: enabled && office, staleTime: 60_000 });
  return {
    products: (products.data ?? []).filter((product) => product.active),
    applicators: office ? (applicators.data ?? []) : undefined,
    loading: products.isPending || (office && applicators.isPending),
  };
}
