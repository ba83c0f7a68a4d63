"use client";

import { useEffect, useState, type FormEvent } from "react";
import { PanelForm, saveFeedback } from "@/components/settings/panel-parts";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { QUOTE_MESSAGES } from "@/lib/validation/quotes";
import { api } from "@/trpc/react";

/** Settings → General: the tax rate new quotes take (owners change it; docs/product-rules.md#quotes). */
export function QuoteSettingsPanel() {
  const settings = api.quotes.settings.useQuery({});
  const utils = api.useUtils();
  const save = api.quotes.saveSettings.useMutation(saveFeedback("Tax rate saved", () => utils.quotes.settings.invalidate()));
  const [percent, setPercent] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (settings.data) setPercent((settings.data.taxRateBasisPoints / 100).toFixed(2));
  }, [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const basisPoints = Math.round(Number(percent) * 100);
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(percent.trim()) || basisPoints > 10_000) return setError(QUOTE_MESSAGES.taxRate);
    setError(undefined);
    save.mutate({ taxRateBasisPoints: basisPoints });
  };

  return (
    <PanelForm
      headingId="quote-settings-heading"
      title="Quotes"
      intro="The sales tax new quotes add. A quote keeps the rate it was made with."
      onSubmit={submit}
    >
      <TextField
        label="Tax rate (%)"
        inputMode="decimal"
        className="max-w-40"
        value={percent}
        onChange={(event) => setPercent(event.target.value)}
        error={error}
      />
      <Button type="submit" variant="primary" disabled={save.isPending || settings.isPending}>
        Save tax rate
      </Button>
    </PanelForm>
  );
}
