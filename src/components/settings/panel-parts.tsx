"use client";

import { useEffect, type FormEventHandler, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";

/** A Settings panel's heading, with the sentence under it that says what the panel is for. */
export function PanelHeading({ id, title, children }: { id: string; title: ReactNode; children?: ReactNode }) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold text-gray-900">
      {title}
    </h2>
  );
  if (children === undefined) return heading;
  return (
    <div>
      {heading}
      <p className="text-sm text-gray-700">{children}</p>
    </div>
  );
}

/** A Settings form, named by its heading; its parts stand one under another unless `className` says otherwise. */
export function PanelForm({
  headingId,
  title,
  intro,
  className = "space-y-4",
  onSubmit,
  children,
}: {
  headingId: string;
  title: ReactNode;
  intro?: ReactNode;
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form method="post" noValidate onSubmit={onSubmit} className={className} aria-labelledby={headingId}>
      <PanelHeading id={headingId} title={title}>
        {intro}
      </PanelHeading>
      {children}
    </form>
  );
}

/**
 * A Settings form over a saved record (see `useSavedSettingsForm`), as its query goes: a spinner,
 * a sentence if it failed, else the form. `children` are its fields, given the record; `save` sends
 * it, and the button says `submit`, or "Saving…" while it saves.
 */
export function SavedSettingsForm<T, In extends FieldValues, Out extends FieldValues>({
  query,
  loading,
  failed,
  form,
  save,
  submit,
  children,
  ...panel
}: Omit<Parameters<typeof PanelForm>[0], "onSubmit" | "children"> & {
  query: { isPending: boolean; isError: boolean; data?: T };
  loading: string;
  failed: string;
  form: UseFormReturn<In, unknown, Out>;
  save: { mutate: (values: Out) => void; isPending: boolean };
  submit: string;
  children: (record: T) => ReactNode;
}) {
  return (
    <PanelQuery query={query} loading={loading} failed={failed}>
      {(record) => (
        <PanelForm {...panel} onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          {children(record)}
          <SubmitButton disabled={save.isPending}>{save.isPending ? "Saving…" : submit}</SubmitButton>
        </PanelForm>
      )}
    </PanelQuery>
  );
}

/** A Settings form over a saved record: the defaults until it loads, then what is saved (again after each save). */
export function useSavedSettingsForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  saved: z.input<S> | undefined,
) {
  const form = useZodForm(schema, defaults);
  const { reset } = form;
  useEffect(() => {
    if (saved) reset(saved);
  }, [saved, reset]);
  return form;
}

/** What a Settings save says: a toast that it saved, then a fresh read; or a toast that it did not. */
export function saveFeedback(saved: string, refresh: () => Promise<unknown>) {
  return {
    onSuccess: async () => {
      toast({ title: saved });
      await refresh();
    },
    onError: (error: unknown) => toast({ title: "Could not save", description: errorMessage(error), variant: "destructive" }),
  };
}

/**
 * A Settings panel's content as its query goes: a spinner while it loads, a sentence if it failed,
 * `empty` for an empty list (a plain sentence, or an element of its own), else the content.
 */
export function PanelQuery<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: T };
  loading: string;
  failed: string;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined) return <p className="text-sm text-red-700">{failed}</p>;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) {
    return typeof empty === "string" ? <p className="text-sm text-gray-600">{empty}</p> : empty;
  }
  return children(query.data);
}

/**
 * A one-line form led by a name (a crew's, an API key's): the name field takes the row's free
 * width, `children` (more fields, the buttons) follow; stacked on a phone.
 */
export function NameForm({
  label,
  placeholder,
  maxLength,
  name,
  onNameChange,
  error,
  onSubmit,
  formLabel,
  className,
  children,
}: {
  label: string;
  placeholder?: string;
  maxLength: number;
  name: string;
  onNameChange: (name: string) => void;
  error: string | undefined;
  onSubmit: () => void;
  formLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      noValidate
      aria-label={formLabel}
      className={cn("flex flex-col gap-2 sm:flex-row sm:items-start", className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        label={label}
        placeholder={placeholder}
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
        error={error}
        className="flex-1"
        maxLength={maxLength}
      />
      {children}
    </form>
  );
}
