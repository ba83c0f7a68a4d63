"use client";

import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { DEFAULT_SELF_SERVICE_RULES, ZSelfServiceRulesSchema } from "@/lib/validation/self-service";
import { api } from "@/trpc/react";
import { PanelForm, PanelQuery, saveFeedback, useSavedSettingsForm } from "./panel-parts";

/** Settings → General: what customers may change themselves in My Account, and how late. */
export function SelfServiceRulesForm() {
  const rules = api.selfService.rules.useQuery({});
  const utils = api.useUtils();
  const form = useSavedSettingsForm(ZSelfServiceRulesSchema, DEFAULT_SELF_SERVICE_RULES, rules.data);
  const save = api.selfService.saveRules.useMutation(
    saveFeedback("Customer change rules saved", () => utils.selfService.rules.invalidate()),
  );

  const errors = form.formState.errors;
  return (
    <PanelQuery query={rules} loading="Loading customer change rules" failed="Customer change rules could not be loaded.">
      {() => (
        <PanelForm
          headingId="self-service-heading"
          title="Changes customers make themselves"
          intro="In My Account, customers can skip, move or pause their visits and end a plan within these rules."
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Notice (hours before a visit)"
              type="number"
              inputMode="numeric"
              min={0}
              error={errors.noticeHours?.message}
              hint="Closer to the visit, the portal asks them to call."
              {...form.register("noticeHours", { valueAsNumber: true })}
            />
            <TextField
              label="Longest pause (days)"
              type="number"
              inputMode="numeric"
              min={1}
              error={errors.maxPauseDays?.message}
              {...form.register("maxPauseDays", { valueAsNumber: true })}
            />
          </div>
          <label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
            <input type="checkbox" className="size-5 rounded border-gray-300 accent-brand-700" {...form.register("allowReschedule")} />
            Customers may move a visit to another day (otherwise they can only skip it)
          </label>
          <SubmitButton disabled={save.isPending}>{save.isPending ? "Saving…" : "Save customer change rules"}</SubmitButton>
        </PanelForm>
      )}
    </PanelQuery>
  );
}
