"use client";

import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { addDays, businessToday, formatBusinessDate } from "@/lib/business-time";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { NameForm, PanelHeading, PanelQuery } from "./panel-parts";
import { ShownOnceSecret } from "./shown-once-secret";

const when = (date: Date | null) => (date ? formatBusinessDate(date, "MMM d, yyyy h:mm a") : "Never");
const expiry = (date: Date) => formatBusinessDate(date, "MMM d, yyyy");

/**
 * API keys for integrations: created and shown once, optionally with an expiry
 * date (the key stops working as that day begins), listed with last use, revoked.
 */
export function ApiKeysPanel() {
  const keys = api.apiKeys.list.useQuery({});
  const utils = api.useUtils();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [expiresOn, setExpiresOn] = useState("");
  const [expiryError, setExpiryError] = useState<string | undefined>();
  const [newKey, setNewKey] = useState<{ name: string; key: string } | null>(null);
  // "office", or the id of the one crew a narrower key acts for.
  const [actsAs, setActsAs] = useState("office");
  const crews = api.crews.list.useQuery({});
  const crewName = (id: number | null) => crews.data?.find((crew) => crew.id === id)?.name ?? "a removed crew";

  const create = api.apiKeys.create.useMutation({
    onSuccess: async (created) => {
      setNewKey({ name: created.apiKey.name, key: created.key });
      setName("");
      setExpiresOn("");
      await utils.apiKeys.list.invalidate();
    },
    onError: (error) => {
      const field = error.data?.code === "BAD_REQUEST" ? error.data.issues?.[0]?.path[0] : undefined;
      setNameError(field === "name" ? error.message : undefined);
      setExpiryError(field === "expiresAt" ? error.message : undefined);
      toast({ title: "Failed to create API key", description: errorMessage(error), variant: "destructive" });
    },
  });
  const revoke = api.apiKeys.revoke.useMutation({
    onSuccess: async () => {
      toast({ title: "API key revoked" });
      await utils.apiKeys.list.invalidate();
    },
    onError: (error) => toast({ title: "Failed to revoke API key", description: errorMessage(error), variant: "destructive" }),
  });

  return (
    <section aria-labelledby="api-keys-heading" className="space-y-4">
      <PanelHeading id="api-keys-heading" title="API keys">
        Other systems call the REST API with <code className="rounded bg-gray-100 px-1">Authorization: Bearer &lt;key&gt;</code> and act as
        office, or as one crew (that crew&apos;s schedule only).
      </PanelHeading>

      <NameForm
        label="Key name"
        placeholder="e.g. Accounting sync"
        maxLength={100}
        name={name}
        onNameChange={setName}
        error={nameError}
        onSubmit={() => {
          setNameError(name.trim().length < 2 ? "Give the key a name, such as the system that will use it" : undefined);
          setExpiryError(undefined);
          const scope = actsAs === "office" ? { role: "office" as const } : { role: "crew" as const, crewId: Number(actsAs) };
          if (name.trim().length >= 2) create.mutate({ name, expiresAt: expiresOn || null, ...scope });
        }}
      >
        <TextField
          label="Expires on (optional)"
          type="date"
          min={addDays(businessToday(), 1)}
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
          error={expiryError}
          className="sm:w-48"
          suppressHydrationWarning
        />
        <SelectField
          id="api-key-acts-as"
          label="Acts as"
          className="sm:w-44"
          value={actsAs}
          onChange={(event) => setActsAs(event.target.value)}
        >
          <option value="office">Office</option>
          {(crews.data ?? []).map((crew) => (
            <option key={crew.id} value={String(crew.id)}>
              {crew.name} only
            </option>
          ))}
        </SelectField>
        <SubmitButton className="sm:mt-6" disabled={create.isPending}>
          <KeyRound aria-hidden="true" className="size-4" />
          Create key
        </SubmitButton>
      </NameForm>

      {newKey ? (
        <ShownOnceSecret
          title={`Key “${newKey.name}” created. Copy it now: it will not be shown again.`}
          value={newKey.key}
          what="key"
          testId="new-api-key"
          onDone={() => setNewKey(null)}
        />
      ) : null}

      <PanelQuery query={keys} loading="Loading API keys" failed="API keys could not be loaded." empty="No API keys yet.">
        {(items) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="API keys">
            {items.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-gray-900">
                    {key.name} <code className="ml-1 text-xs text-gray-600">{key.prefix}…</code>
                    <span className="ml-2 text-xs text-gray-600">{key.role === "crew" ? `${crewName(key.crewId)} only` : "Office"}</span>
                  </p>
                  <p className="text-xs text-gray-600">
                    Created {when(key.createdAt)}
                    {key.createdBy ? ` by ${key.createdBy}` : ""} · Last used: {when(key.lastUsedAt)}
                    {key.expiresAt && key.expiresAt > new Date() ? ` · Expires ${expiry(key.expiresAt)}` : ""}
                  </p>
                </div>
                {key.revokedAt ? (
                  <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
                    Revoked {when(key.revokedAt)}
                  </span>
                ) : key.expiresAt && key.expiresAt <= new Date() ? (
                  <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
                    Expired {expiry(key.expiresAt)}
                  </span>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      if (window.confirm(`Revoke “${key.name}”? Systems using it will stop working at once.`))
                        revoke.mutate({ id: key.id });
                    }}
                    disabled={revoke.isPending}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PanelQuery>
    </section>
  );
}
