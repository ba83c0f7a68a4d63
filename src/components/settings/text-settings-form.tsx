"use client";

import { CheckboxField, TextField, WholeNumberField } from "@/components/ui/field";
import { TEXT_NOTICE_KINDS, TEXT_NOTICE_LABELS, type TextNoticeKind } from "@/lib/texts";
import { type TTextSettings, ZTextSettingsSchema } from "@/lib/validation/texts";
import { api, type RouterOutputs } from "@/trpc/react";
import { PanelHeading, PanelQuery, SavedSettingsForm, saveFeedback, useSavedSettingsForm } from "./panel-parts";

type TextSettings = RouterOutputs["texts"]["settings"];

// Shown only until the saved settings load.
const LOADING_SETTINGS: TTextSettings = {
  notices: Object.fromEntries(TEXT_NOTICE_KINDS.map((kind) => [kind, true])) as Record<TextNoticeKind, boolean>,
  customerDailyCap: 6,
  businessDailyCap: 300,
  quietFrom: "21:00",
  quietUntil: "08:00",
};

const CAP_FIELDS = [
  {
    name: "customerDailyCap",
    label: "Texts a customer a day",
    max: 50,
    hint: "Notices only; answers in a conversation are not capped per customer.",
  },
  {
    name: "businessDailyCap",
    label: "Texts a day for the business",
    max: 10_000,
    hint: "Past it, texts are not sent that day and show why.",
  },
] as const;

const INTRO = "Customers are texted only after they agree, never in the quiet hours, and each chooses email, text or both.";

/** Whether texts can go out at all: without Twilio's settings they wait in the outbox, and the panel says what to set. */
function TextsStatus({ settings }: { settings: TextSettings }) {
  return settings.textsOn ? (
    <p className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="texts-status">
      Texts are on: they go out through Twilio.
    </p>
  ) : (
    <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm break-words text-amber-900" data-testid="texts-status">
      {settings.textsOffReason}
    </p>
  );
}

/** Settings → Texts for the owner: which notices go by text, and the daily caps that bound what texts cost. */
export function TextSettingsForm() {
  const settings = api.texts.settings.useQuery({});
  const utils = api.useUtils();
  const form = useSavedSettingsForm(ZTextSettingsSchema, LOADING_SETTINGS, settings.data);
  const save = api.texts.updateSettings.useMutation(saveFeedback("Text settings saved", () => utils.texts.settings.invalidate()));
  const errors = form.formState.errors;
  return (
    <SavedSettingsForm
      query={settings}
      loading="Loading text settings"
      failed="Text settings could not be loaded."
      headingId="texts-heading"
      title="Texts"
      intro={INTRO}
      className="space-y-6"
      form={form}
      save={save}
      submit="Save text settings"
    >
      {(saved) => (
        <>
          <TextsStatus settings={saved} />
          <fieldset className="space-y-1">
            <legend className="mb-2 text-sm font-semibold text-gray-900">Send by text</legend>
            {TEXT_NOTICE_KINDS.map((kind) => (
              <CheckboxField key={kind} label={TEXT_NOTICE_LABELS[kind]} {...form.register(`notices.${kind}`)} />
            ))}
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold text-gray-900">Daily caps (Austin days)</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {CAP_FIELDS.map(({ name, label, max, hint }) => (
                <WholeNumberField
                  key={name}
                  label={label}
                  min={1}
                  max={max}
                  error={errors[name]?.message}
                  hint={hint}
                  {...form.register(name, { valueAsNumber: true })}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold text-gray-900">Quiet hours (Austin time)</legend>
            <p className="text-sm text-gray-700">
              No text goes out between these times; what falls there waits until they end. Answers to STOP, START and HELP go at once.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="From" type="time" error={errors.quietFrom?.message} {...form.register("quietFrom")} />
              <TextField label="Until" type="time" error={errors.quietUntil?.message} {...form.register("quietUntil")} />
            </div>
          </fieldset>
        </>
      )}
    </SavedSettingsForm>
  );
}

/** Settings → Texts for the office: what the owner chose, to read. */
export function TextSettingsSummary() {
  const settings = api.texts.settings.useQuery({});
  return (
    <section aria-labelledby="texts-heading" className="space-y-4">
      <PanelHeading id="texts-heading" title="Texts">
        {INTRO} Only an owner can change these settings.
      </PanelHeading>
      <PanelQuery query={settings} loading="Loading text settings" failed="Text settings could not be loaded.">
        {(saved) => (
          <>
            <TextsStatus settings={saved} />
            <ul className="space-y-1 text-sm text-gray-800" aria-label="Notices sent by text">
              {TEXT_NOTICE_KINDS.map((kind) => (
                <li key={kind} className="flex items-start gap-2">
                  <span className={saved.notices[kind] ? "font-semibold text-green-800" : "font-semibold text-gray-500"}>
                    {saved.notices[kind] ? "On" : "Off"}
                  </span>
                  {TEXT_NOTICE_LABELS[kind]}
                </li>
              ))}
            </ul>
            <p className="text-sm text-gray-700">
              At most {saved.customerDailyCap} texts a customer and {saved.businessDailyCap} for the business in an Austin day; none from{" "}
              {saved.quietFrom} until {saved.quietUntil}.
            </p>
          </>
        )}
      </PanelQuery>
    </section>
  );
}
