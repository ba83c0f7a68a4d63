"use client";

import { WholeNumberField } from "@/components/ui/field";
import { DEFAULT_SELF_SERVICE_RULES, ZSelfServiceRulesSchema } from "@/lib/validation/self-service";
import { api } from "@/trpc/react";
import { SavedSettingsForm, saveFeedback, useSavedSettingsForm } from "./panel-parts";

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
    <SavedSettingsForm
      query={rules}
      loading="Loading customer change rules"
      failed="Customer change rules could not be loaded."
      headingId="self-service-heading"
      title="Changes customers make themselves"
      intro="In My Account, customers can skip, move or pause their visits and end a plan within these rules."
      form={form}
      save={save}
      submit="Save customer change rules"
    >
      {() => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <WholeNumberField
              label="Notice (hours before a visit)"
              min={0}
              error={errors.noticeHours?.message}
              hint="Closer to the visit, the portal asks them to call."
              {...form.register("noticeHours", { valueAsNumber: true })}
            />
            <WholeNumberField
              label="Longest pause (days)"
              min={1}
              error={errors.maxPauseDays?.message}
              {...form.register("maxPauseDays", { valueAsNumber: true })}
            />
          </div>
          <label className="flex min-h-11 items-center gap-3 text-sm text-gray-800">
            <input type="checkbox" className="size-5 rounded border-gray-300 accent-brand-700" {...form.register("allowReschedule")} />
            Customers may move a visit to another day (otherwise they can only skip it)
          </label>
        </>
      )}
    </SavedSettingsForm>
  );
}
