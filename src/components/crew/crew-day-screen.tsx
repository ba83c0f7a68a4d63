"use client";

import { useEffect } from "react";
import { formatBusinessDate, startOfBusinessDay } from "@/lib/business-time";
import { CREW_DAY_CACHE, CREW_DAY_URL, CREW_PAGES_CACHE } from "@/lib/crew-offline";
import type { DayCopy } from "./field-queue";
import { StopCard } from "./stop-card";
import { SyncBanner } from "./sync-banner";
import { useCrewDay } from "./use-crew-day";

/**
 * Registers the crew's service worker (scope /crew) and keeps the page and today's route in the
 * caches it answers from without signal, now rather than on the next visit.
 */
function useCrewServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("caches" in window)) return;
    navigator.serviceWorker
      .register("/serwist/sw.js", { scope: "/crew", type: "module" })
      .then(() =>
        Promise.all([
          caches.open(CREW_PAGES_CACHE).then((cache) => cache.add("/crew")),
          caches.open(CREW_DAY_CACHE).then((cache) => cache.add(CREW_DAY_URL)),
        ]),
      )
      .catch(() => {
        // Without a service worker the day still works from IndexedDB while the page stays open.
      });
  }, []);
}

export function CrewDayScreen({
  initialDay,
  crewName,
  username,
}: {
  initialDay: DayCopy | null;
  crewName: string | null;
  username: string;
}) {
  useCrewServiceWorker();
  const { day, queue, refusals, online, sending, signedOut, act, dismiss } = useCrewDay(initialDay, username);
  const stops = day?.stops ?? [];
  const toDo = stops.filter((stop) => stop.status === "pending" || stop.status === "confirmed").length;

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-4">
      <header>
        <p className="text-sm font-medium text-brand-700">{crewName ?? "Your crew"}</p>
        <h1 className="text-2xl font-bold text-gray-900">
          {day ? formatBusinessDate(startOfBusinessDay(day.date), "EEEE, MMMM d") : "Today"}
        </h1>
        <p className="text-sm text-gray-700">
          {stops.length === 0 ? "No stops" : `${stops.length} stop${stops.length === 1 ? "" : "s"}, ${toDo} still to do`}
        </p>
      </header>
      {signedOut ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          Your sign-in has ended. Actions stay on this phone:{" "}
          <a href="/login" className="font-semibold underline">
            sign in again
          </a>{" "}
          to send them.
        </p>
      ) : null}
      <SyncBanner queue={queue} online={online} sending={sending} savedAt={day?.savedAt ?? null} />
      {day === null ? (
        <p className="rounded-xl border border-gray-200 bg-white p-4 text-gray-700">
          Today's stops could not be loaded and none are kept on this phone yet. Open this page once with signal.
        </p>
      ) : stops.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white p-4 text-gray-700">No stops for your crew today.</p>
      ) : (
        <ol className="space-y-3">
          {stops.map((stop, index) => (
            <StopCard
              key={stop.visitId}
              stop={stop}
              products={day.products ?? []}
              position={index + 1}
              waiting={queue.filter((action) => action.visitId === stop.visitId)}
              refusals={refusals.filter((refusal) => refusal.visitId === stop.visitId)}
              act={act}
              dismiss={dismiss}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
