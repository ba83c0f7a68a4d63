"use client";

import { useMemo } from "react";
import { TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import type { LocationSource } from "@/lib/location-sources";
import { formatPostalAddress } from "@/lib/postal-address";
import { ZRouteStartFormSchema } from "@/lib/validation/locations";
import { api } from "@/trpc/react";
import { SavedSettingsForm, saveFeedback, useSavedSettingsForm } from "./panel-parts";

const EMPTY = { address: "", city: "Austin", state: "TX", zipCode: "" };

/** How the saved address was placed, said to an owner who knows the street, not its coordinates. */
const PLACED_BY: Record<LocationSource, string> = {
  census: "found on the map by its street address",
  zip: "placed at the centre of its ZIP code (the street itself was not found)",
  pin: "placed where staff dropped the pin",
  none: "not on the map",
};

/** Settings → General (owners): where each crew's day starts, placed on the map when saved. */
export function RouteStartForm() {
  const start = api.locations.routeStart.useQuery({});
  const utils = api.useUtils();
  // One object per answer: the form resets to it only when a new answer arrives, not at every render.
  const saved = useMemo(
    () =>
      start.data ? { address: start.data.address, city: start.data.city, state: start.data.state, zipCode: start.data.zipCode } : undefined,
    [start.data],
  );
  const form = useSavedSettingsForm(ZRouteStartFormSchema, EMPTY, saved);
  const save = api.locations.saveRouteStart.useMutation(
    saveFeedback("Start address saved", () => Promise.all([utils.locations.routeStart.invalidate(), utils.routes.invalidate()])),
  );
  return (
    <SavedSettingsForm
      query={{ ...start, data: start.isSuccess ? (start.data ?? null) : undefined }}
      loading="Loading the start address"
      failed="The start address could not be loaded."
      headingId="route-start-heading"
      title="Start address"
      intro="Where the crews' day begins: routes measure the drive to the first stop from here, and the optimizer starts here."
      form={form}
      save={save}
      submit="Save start address"
    >
      {(current) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Street address" autoComplete="street-address" className="sm:col-span-2" {...fieldProps(form, "address")} />
            <TextField label="City" {...fieldProps(form, "city")} />
            <div className="grid grid-cols-2 gap-4">
              <TextField label="State" maxLength={2} {...fieldProps(form, "state")} />
              <TextField label="ZIP code" inputMode="numeric" {...fieldProps(form, "zipCode")} />
            </div>
          </div>
          {current ? (
            <p className="text-sm text-gray-700" data-testid="route-start-located">
              {current.latitude !== null && current.longitude !== null
                ? `Routes start from ${formatPostalAddress(current)}, ${PLACED_BY[current.locationSource]}.`
                : "This address could not be placed on the map; check the ZIP code."}
            </p>
          ) : null}
        </>
      )}
    </SavedSettingsForm>
  );
}
