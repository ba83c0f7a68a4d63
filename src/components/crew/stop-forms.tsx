"use client";

import { useState, type FormEvent } from "react";
import { ApplicationForm } from "@/components/applications/application-form";
import type { CrewProduct, StopTreatment } from "@/lib/crew-day";
import type { TApplicationInput } from "@/lib/validation/applications";
import { CREW_NOTE_MAX, VISIT_PHOTO_MAX_BYTES, VISIT_PHOTO_TYPES, VISIT_PHOTOS_PER_VISIT } from "@/lib/validation/crew-day";

/** Each photo is made smaller on the phone before it is queued, to a tenth under the server's limit. */
const MAX_PHOTO_MB = (0.9 * VISIT_PHOTO_MAX_BYTES) / (1024 * 1024);

/** A photo this small is sent as it is: re-encoding it would only cost the phone time. */
const SMALL_PHOTO_BYTES = 512 * 1024;
const SENDABLE_TYPES: readonly string[] = VISIT_PHOTO_TYPES;

/**
 * A photo made smaller in the browser (well under the server's 2 MB, at most 1600 px a side); a
 * phone camera's photo always is. The library loads only when needed.
 */
async function shrinkPhoto(file: File): Promise<Blob> {
  if (file.size <= SMALL_PHOTO_BYTES && SENDABLE_TYPES.includes(file.type)) return file;
  const { default: compress } = await import("browser-image-compression");
  // No web worker: the library would fetch its worker script from a CDN, which the crew may not reach.
  return compress(file, { maxSizeMB: MAX_PHOTO_MB, maxWidthOrHeight: 1600, useWebWorker: false, fileType: "image/jpeg" });
}

const fieldClass = "mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-base focus:border-brand-600";

/** The end of a stop's form: the problem with what was typed, if any, then its button and Back. */
function FormEnd({
  error,
  onCancel,
  submit,
}: {
  error: string | null;
  onCancel: () => void;
  submit: { label: string; busy: boolean; tone: string };
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={submit.busy}
          className={`min-h-11 flex-1 rounded-lg ${submit.tone} px-4 font-semibold text-white disabled:opacity-60`}
        >
          {submit.label}
        </button>
        <button type="button" onClick={onCancel} className="min-h-11 rounded-lg border border-gray-300 px-4 font-medium text-gray-800">
          Back
        </button>
      </div>
    </>
  );
}

export function CompleteForm({
  onSubmit,
  onCancel,
  photosKept,
}: {
  onSubmit: (note: string, photos: Blob[]) => Promise<void>;
  onCancel: () => void;
  photosKept: number;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const room = Math.max(0, VISIT_PHOTOS_PER_VISIT - photosKept);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get("note") ?? "");
    setBusy(true);
    setError(null);
    try {
      const photos = await Promise.all(files.map(shrinkPhoto));
      await onSubmit(note, photos);
    } catch {
      setError("A photo could not be read. Take it again or complete without it.");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-3" aria-label="Complete the visit">
      <label className="block text-sm font-medium text-gray-800">
        Note for the office and the customer
        <textarea name="note" rows={3} maxLength={CREW_NOTE_MAX} className={fieldClass} />
      </label>
      <label className="block text-sm font-medium text-gray-800">
        Photos (up to {room})
        <input
          type="file"
          name="photos"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          multiple
          disabled={room === 0}
          className="mt-1 block w-full text-sm"
          onChange={(event) => {
            const chosen = [...(event.currentTarget.files ?? [])];
            setError(chosen.length > room ? `Keep at most ${room} photo${room === 1 ? "" : "s"}.` : null);
            setFiles(chosen.slice(0, room));
          }}
        />
      </label>
      {files.length > 0 ? (
        <p className="text-sm text-gray-700">
          {files.length} photo{files.length === 1 ? "" : "s"} chosen
        </p>
      ) : null}
      <FormEnd error={error} onCancel={onCancel} submit={{ label: busy ? "Saving…" : "Complete visit", busy, tone: "bg-brand-700" }} />
    </form>
  );
}

export function CantDoForm({ onSubmit, onCancel }: { onSubmit: (reason: string) => Promise<void>; onCancel: () => void }) {
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    if (!reason) return setError("Say why the visit cannot be done");
    await onSubmit(reason);
  }

  return (
    <form onSubmit={submit} className="mt-3 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3" aria-label="Report a problem">
      <label className="block text-sm font-medium text-gray-800">
        Why can't it be done?
        <textarea name="reason" rows={2} maxLength={500} className={fieldClass} />
      </label>
      <FormEnd error={error} onCancel={onCancel} submit={{ label: "Send to the office", busy: false, tone: "bg-red-700" }} />
    </form>
  );
}

/**
 * "Complete" on a treatment stop: its application record first (from the day's copy of the
 * products, so it works offline), then the note and photos as on any stop. The record travels in
 * the same queued action as the completion.
 */
export function TreatmentCompleteForm({
  treatment,
  products,
  onSubmit,
  onCancel,
  photosKept,
}: {
  treatment: StopTreatment;
  products: CrewProduct[];
  onSubmit: (application: TApplicationInput, note: string, photos: Blob[]) => Promise<void>;
  onCancel: () => void;
  photosKept: number;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const room = Math.max(0, VISIT_PHOTOS_PER_VISIT - photosKept);
  return (
    <ApplicationForm
      products={products}
      defaults={{ areaSqFt: treatment.lawnSizeSqFt, targetPest: treatment.purpose }}
      submitLabel="Record and complete"
      onCancel={onCancel}
      onSubmit={async (application, form) => {
        const photos = await Promise.all(files.map(shrinkPhoto)).catch(() => {
          throw new Error("A photo could not be read. Take it again or complete without it.");
        });
        await onSubmit(application, String(form.get("note") ?? ""), photos);
      }}
    >
      <label className="block text-sm font-medium text-gray-800">
        Note for the office and the customer
        <textarea name="note" rows={2} maxLength={CREW_NOTE_MAX} className={fieldClass} />
      </label>
      <label className="block text-sm font-medium text-gray-800">
        Photos (up to {room})
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          multiple
          disabled={room === 0}
          className="mt-1 block w-full text-sm"
          onChange={(event) => setFiles([...(event.currentTarget.files ?? [])].slice(0, room))}
        />
      </label>
    </ApplicationForm>
  );
}
