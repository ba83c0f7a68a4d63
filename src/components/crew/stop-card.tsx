"use client";

import { KeyRound, MapPin, Navigation, Phone } from "lucide-react";
import { useState } from "react";
import { formatBusinessDate } from "@/lib/business-time";
import { formatPhoneNumber, phoneHref } from "@/lib/phone-number";
import { StatusBadge } from "@/components/ui/status-badge";
import type { CrewProduct, CrewStop } from "@/lib/crew-day";
import type { FieldActionKind, QueuedAction, Refusal } from "./field-queue";
import { CantDoForm, CompleteForm, TreatmentCompleteForm } from "./stop-forms";

export const ACTION_LABELS: Record<FieldActionKind, string> = {
  "on-my-way": "On my way",
  start: "Start",
  complete: "Complete",
  "cant-do": "Can't do it",
  photos: "Photo",
};

const ETA_CHOICES = [10, 15, 20, 30, 45, 60];
const time = (iso: string) => formatBusinessDate(new Date(iso), "h:mm a");

/** The phone's map app, asked for directions to the stop's address. */
export function navigateUrl(address: string) {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** What the crew already did, including what waits on the phone, so the buttons follow the day. */
function progressOf(stop: CrewStop, waiting: QueuedAction[]) {
  const queued = new Set(waiting.map((action) => action.kind));
  const done = stop.status === "completed" || queued.has("complete");
  return {
    done,
    closed: done || stop.status === "cancelled",
    onMyWay: Boolean(stop.report.onMyWayAt) || queued.has("on-my-way"),
    started: Boolean(stop.report.startedAt) || queued.has("start"),
    problem: queued.has("cant-do") ? "waiting to send" : stop.report.problemReason,
    photosKept: stop.report.photoIds.length + waiting.filter((action) => action.kind === "photos").length,
  };
}

export function StopCard(props: {
  stop: CrewStop;
  /** The active products of the day's copy, for a treatment stop's record. */
  products: CrewProduct[];
  position: number;
  waiting: QueuedAction[];
  refusals: Refusal[];
  act: (kind: FieldActionKind, stop: CrewStop, body?: Record<string, unknown>, photo?: Blob) => Promise<void>;
  dismiss: (key: string) => Promise<void>;
}) {
  const { stop, waiting, refusals, act } = props;
  const [open, setOpen] = useState<"complete" | "cant-do" | null>(null);
  const [eta, setEta] = useState(15);
  const progress = progressOf(stop, waiting);
  const status = progress.done && stop.status !== "completed" ? "completed" : stop.status;

  return (
    <li
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="crew-stop"
      aria-label={`Stop ${props.position}: ${stop.customerName}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-800">
            {props.position}. {time(stop.startTime)} – {time(stop.endTime)}
          </p>
          <h2 className="text-lg font-bold text-gray-900">{stop.customerName}</h2>
          <p className="text-sm text-gray-700">{stop.serviceName ?? "Lawn and garden visit"}</p>
        </div>
        <StatusBadge status={status} />
      </div>

      <p className="mt-2 flex items-start gap-1.5 text-sm text-gray-800">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
        {stop.address || "No address on file"}
      </p>
      {stop.gateCode ? (
        <p className="mt-1 flex items-center gap-1.5 text-base font-bold text-gray-900">
          <KeyRound aria-hidden="true" className="size-4 text-amber-700" /> Gate code {stop.gateCode}
        </p>
      ) : null}
      {stop.specialInstructions ? <p className="mt-1 text-sm text-gray-700">Instructions: {stop.specialInstructions}</p> : null}
      {stop.notes ? <p className="mt-1 text-sm text-gray-700">Notes: {stop.notes}</p> : null}

      <ul className="mt-2 space-y-0.5 text-sm text-gray-700">
        {stop.report.onMyWayAt ? <li>On my way sent at {time(stop.report.onMyWayAt)}</li> : null}
        {stop.report.startedAt ? <li>Started at {time(stop.report.startedAt)}</li> : null}
        {stop.report.completedAt ? <li>Completed at {time(stop.report.completedAt)}</li> : null}
        {stop.report.completionNote ? <li>Note: {stop.report.completionNote}</li> : null}
        {stop.treatment?.recordId ? <li>Application recorded</li> : null}
        {stop.treatment && !progress.closed ? (
          <li className="font-medium text-amber-900">Treatment: record the application to complete it</li>
        ) : null}
        {progress.problem ? <li className="font-medium text-red-800">Can't do it: {progress.problem}</li> : null}
      </ul>
      {stop.report.photoIds.length > 0 ? (
        <div className="mt-2 flex gap-2">
          {stop.report.photoIds.map((id) => (
            <img
              key={id}
              src={`/api/visit-photos/${id}`}
              alt="Photo of the visit"
              width={72}
              height={72}
              className="size-18 rounded-md object-cover"
            />
          ))}
        </div>
      ) : null}

      {waiting.length > 0 ? (
        <p className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900" data-testid="stop-waiting">
          Waiting to send: {waiting.map((action) => ACTION_LABELS[action.kind]).join(", ")}
        </p>
      ) : null}
      {refusals.map((refusal) => (
        <div key={refusal.key} role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-sm text-red-900">
          <p>
            <strong>{ACTION_LABELS[refusal.kind]} was not applied.</strong> {refusal.message}
          </p>
          <button type="button" className="mt-1 min-h-11 font-semibold underline" onClick={() => void props.dismiss(refusal.key)}>
            Dismiss
          </button>
        </div>
      ))}

      <div className="mt-3 grid grid-cols-2 gap-2">
        <a
          href={navigateUrl(stop.address)}
          target="_blank"
          rel="noreferrer"
          className="col-span-2 flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 font-semibold text-brand-800"
        >
          <Navigation aria-hidden="true" className="size-4" /> Navigate
        </a>
        {stop.customerPhone ? (
          <a
            href={phoneHref(stop.customerPhone)}
            className="col-span-2 flex min-h-11 items-center justify-center gap-2 rounded-lg border border-gray-300 font-semibold text-gray-900"
          >
            <Phone aria-hidden="true" className="size-4" /> Call {formatPhoneNumber(stop.customerPhone)}
          </a>
        ) : null}
        {!progress.closed && open === null ? (
          <>
            {!progress.onMyWay ? (
              <div className="col-span-2 flex gap-2">
                <label className="sr-only" htmlFor={`eta-${stop.visitId}`}>
                  Minutes to arrival
                </label>
                <select
                  id={`eta-${stop.visitId}`}
                  value={eta}
                  onChange={(event) => setEta(Number(event.target.value))}
                  className="min-h-11 rounded-lg border border-gray-300 px-2 text-base"
                >
                  {ETA_CHOICES.map((minutes) => (
                    <option key={minutes} value={minutes}>
                      {minutes} min
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="min-h-11 flex-1 rounded-lg bg-brand-600 font-semibold text-white"
                  onClick={() => void act("on-my-way", stop, { etaMinutes: eta })}
                >
                  On my way
                </button>
              </div>
            ) : null}
            {!progress.started ? (
              <button
                type="button"
                className="min-h-11 rounded-lg bg-brand-700 font-semibold text-white"
                onClick={() => void act("start", stop)}
              >
                Start
              </button>
            ) : null}
            <button type="button" className="min-h-11 rounded-lg bg-brand-800 font-semibold text-white" onClick={() => setOpen("complete")}>
              Complete
            </button>
            <button
              type="button"
              className="col-span-2 min-h-11 rounded-lg border border-red-300 font-semibold text-red-800"
              onClick={() => setOpen("cant-do")}
            >
              Can't do it
            </button>
          </>
        ) : null}
      </div>
      {open === "complete" && stop.treatment ? (
        <TreatmentCompleteForm
          treatment={stop.treatment}
          products={props.products}
          photosKept={progress.photosKept}
          onCancel={() => setOpen(null)}
          onSubmit={async (application, note, photos) => {
            for (const photo of photos) await act("photos", stop, {}, photo);
            await act("complete", stop, { ...(note.trim() ? { note: note.trim() } : {}), application });
            setOpen(null);
          }}
        />
      ) : null}
      {open === "complete" && !stop.treatment ? (
        <CompleteForm
          photosKept={progress.photosKept}
          onCancel={() => setOpen(null)}
          onSubmit={async (note, photos) => {
            for (const photo of photos) await act("photos", stop, {}, photo);
            await act("complete", stop, note.trim() ? { note: note.trim() } : {});
            setOpen(null);
          }}
        />
      ) : null}
      {open === "cant-do" ? (
        <CantDoForm
          onCancel={() => setOpen(null)}
          onSubmit={async (reason) => {
            await act("cant-do", stop, { reason });
            setOpen(null);
          }}
        />
      ) : null}
    </li>
  );
}
