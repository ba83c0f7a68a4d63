"use client";

import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { ZCrewFormSchema } from "@/lib/validation/crews";
import { api, type RouterOutputs } from "@/trpc/react";
import { NameForm, PanelHeading, PanelQuery } from "./panel-parts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type Crew = RouterOutputs["crews"]["list"][number];

/** The form's own check, so an empty name reads the server's words without a round trip. */
function nameProblem(name: string): string | undefined {
  const parsed = ZCrewFormSchema.safeParse({ name });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** One crew: its name, saved on Rename; Remove asks first. */
function CrewRow({ crew, onRemove }: { crew: Crew; onRemove: (crew: Crew) => void }) {
  const utils = api.useUtils();
  const [name, setName] = useState(crew.name);
  const [error, setError] = useState<string | undefined>();
  const rename = api.crews.rename.useMutation({
    onSuccess: async (saved) => {
      toast({ title: "Crew renamed", description: `Now called ${saved.name}.` });
      await Promise.all([utils.crews.invalidate(), utils.schedules.invalidate()]);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  return (
    <li>
      <NameForm
        label="Crew name"
        maxLength={40}
        name={name}
        onNameChange={setName}
        error={error}
        formLabel={`Crew ${crew.name}`}
        className="px-4 py-3"
        onSubmit={() => {
          const problem = nameProblem(name);
          setError(problem);
          if (!problem) rename.mutate({ id: crew.id, name });
        }}
      >
        <div className="flex gap-2 sm:mt-6">
          <SubmitButton variant="outline" disabled={rename.isPending || name.trim() === crew.name}>
            Rename
          </SubmitButton>
          <Button variant="ghost" onClick={() => onRemove(crew)} aria-label={`Remove ${crew.name}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </Button>
        </div>
      </NameForm>
    </li>
  );
}

/**
 * The crews: as many visits can run at once as there are crews, and each visit may be given to one.
 * Add, rename, remove (docs/product-rules.md#crews).
 */
export function CrewsPanel() {
  const crews = api.crews.list.useQuery({});
  const utils = api.useUtils();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<Crew | null>(null);

  const add = api.crews.add.useMutation({
    onSuccess: async (crew) => {
      setName("");
      toast({ title: "Crew added", description: `${crew.name} can now take visits.` });
      await utils.crews.invalidate();
    },
    onError: (failure) => setNameError(errorMessage(failure)),
  });
  const remove = api.crews.remove.useMutation({
    onSuccess: async (result) => {
      setRemoving(null);
      toast({ title: "Crew removed", description: result.message });
      await Promise.all([utils.crews.invalidate(), utils.schedules.invalidate()]);
    },
    onError: (failure) => {
      setRemoving(null);
      toast({ title: "Failed to remove the crew", description: errorMessage(failure), variant: "destructive" });
    },
  });

  return (
    <section aria-labelledby="crews-heading" className="space-y-4">
      <PanelHeading id="crews-heading" title="Crews">
        Each crew does one visit at a time, so the number of crews is how many visits can overlap, online bookings included.
      </PanelHeading>

      <PanelQuery query={crews} loading="Loading crews" failed="Crews could not be loaded.">
        {(items) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Crews">
            {items.map((crew) => (
              <CrewRow key={`${crew.id}:${crew.name}`} crew={crew} onRemove={setRemoving} />
            ))}
          </ul>
        )}
      </PanelQuery>

      <NameForm
        label="New crew"
        placeholder="e.g. North Austin crew"
        maxLength={40}
        name={name}
        onNameChange={setName}
        error={nameError}
        onSubmit={() => {
          const problem = nameProblem(name);
          setNameError(problem);
          if (!problem) add.mutate({ name });
        }}
      >
        <SubmitButton className="sm:mt-6" disabled={add.isPending}>
          <Plus aria-hidden="true" className="size-4" />
          Add crew
        </SubmitButton>
      </NameForm>

      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? `Remove ${removing.name}?` : "Remove crew"}
        description="Its visits still to come become unassigned; past visits keep its name. One crew fewer means one visit fewer can overlap."
        keepLabel="Keep it"
        confirmLabel="Remove crew"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </section>
  );
}
