"use client";

import { useMemo } from "react";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { LOCATION_SOURCE_LABELS } from "@/lib/location-sources";
import { ZRouteStartFormSchema } from "@/lib/validation/locations";
import { api } from "@/trpc/react";
import { PanelForm, PanelQuery, saveFeedback, useSavedSettingsForm } from "./panel-parts";

const EMPTY = { address: "", city: "Austin", state: "TX", zipCode: "" };

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
  const errors = form.formState.errors;
  return (
    <PanelQuery
      query={{ ...start, data: start.isSuccess ? (start.data ?? null) : undefined }}
      loading="Loading the start address"
      failed="The start address could not be loaded."
    >
      {(current) => (
        <PanelForm
          headingId="route-start-heading"
          title="Start address"
          intro="Where the crews' day begins: routes measure the drive to the first stop from here, and the optimizer starts here."
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Street address"
              autoComplete="street-address"
              error={errors.address?.message}
              className="sm:col-span-2"
              {...form.register("address")}
            />
            <TextField label="City" error={errors.city?.message} {...form.register("city")} />
            <div className="grid grid-cols-2 gap-4">
              <TextField label="State" maxLength={2} error={errors.state?.message} {...form.register("state")} />
              <TextField label="ZIP code" inputMode="numeric" error={errors.zipCode?.message} {...form.register("zipCode")} />
            </div>
          </div>
          {current ? (
            <p className="text-sm text-gray-700" data-testid="route-start-located">
              {current.latitude !== null && current.longitude !== null
                ? `On the map at ${current.latitude.toFixed(4)}, ${current.longitude.toFixed(4)} (${LOCATION_SOURCE_LABELS[current.locationSource].toLowerCase()}).`
                : "This address could not be placed on the map; check the ZIP code."}
            </p>
          ) : null}
          <SubmitButton disabled={save.isPending}>{save.isPending ? "Saving…" : "Save start address"}</SubmitButton>
        </PanelForm>
      )}
    </PanelQuery>
  );
}
