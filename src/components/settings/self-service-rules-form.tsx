"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { DEFAULT_SELF_SERVICE_RULES, ZSelfServiceRulesSchema, type TSelfServiceRules } from "@/lib/validation/self-service";
import { api } from "@/trpc/react";

/** Settings → General: what customers may change themselves in My Account, and how late. */
export function SelfServiceRulesForm() {
  const rules = api.selfService.rules.useQuery({});
  const utils = api.useUtils();
  const form = useForm<z.input<typeof ZSelfServiceRulesSchema>, unknown, TSelfServiceRules>({
    resolver: zodResolver(ZSelfServiceRulesSchema),
    defaultValues: DEFAULT_SELF_SERVICE_RULES,
  });
  const { reset } = form;
  useEffect(() => {
    if (rules.data) reset(rules.data);
  }, [rules.data, reset]);

  const save = api.selfService.saveRules.useMutation({
    onSuccess: async () => {
      toast({ title: "Customer change rules saved" });
      await utils.selfService.rules.invalidate();
    },
    onError: (error) => toast({ title: "Could not save", description: errorMessage(error), variant: "destructive" }),
  });

  if (rules.isPending) return <Spinner label="Loading customer change rules" />;
  if (rules.isError) return <p className="text-sm text-red-700">Customer change rules could not be loaded.</p>;

  const errors = form.formState.errors;
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="space-y-4"
      aria-labelledby="self-service-heading"
    >
      <div>
        <h2 id="self-service-heading" className="text-lg font-semibold text-gray-900">
          Changes customers make themselves
        </h2>
        <p className="text-sm text-gray-700">
          In My Account, customers can skip, move or pause their visits and end a plan within these rules.
        </p>
      </div>
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
    </form>
  );
}
