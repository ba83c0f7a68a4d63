"use client";

import type { CrewStop } from "@/lib/crew-day";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  addRefusal,
  dismissRefusal,
  dropFromQueue,
  enqueue,
  loadDay,
  loadQueue,
  loadRefusals,
  newIdempotencyKey,
  saveDay,
  type DayCopy,
  type FieldActionKind,
  type QueuedAction,
  type Refusal,
  chooseStoreOf,
} from "./field-queue";
import { sendAction } from "./send-action";
import { CREW_DAY_URL, FROM_CACHE_HEADER } from "@/lib/crew-offline";

/** While something waits, the phone tries again this often (and at once when the signal returns). */
const RETRY_MS = 15_000;

export interface CrewDayState {
  day: DayCopy | null;
  queue: QueuedAction[];
  refusals: Refusal[];
  online: boolean;
  sending: boolean;
  signedOut: boolean;
  act: (kind: FieldActionKind, stop: CrewStop, body?: Record<string, unknown>, photo?: Blob) => Promise<void>;
  dismiss: (key: string) => Promise<void>;
}

/**
 * The crew's day on the phone: the last copy of the day (from the page, the server or IndexedDB,
 * whichever is newest), and every action queued first and then sent in order, each with its
 * idempotency key, now or when the signal returns.
 */
export function useCrewDay(initialDay: DayCopy | null, username: string): CrewDayState {
  chooseStoreOf(username);
  const [day, setDay] = useState<DayCopy | null>(initialDay);
  const [queue, setQueue] = useState<QueuedAction[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [online, setOnline] = useState(true);
  const [sending, setSending] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const flushing = useRef(false);
  const flushAgain = useRef(false);

  const keepDay = useCallback(async (next: DayCopy) => {
    setDay((current) => (current && current.savedAt > next.savedAt ? current : next));
    await saveDay(next);
  }, []);

  const refresh = useCallback(async () => {
    try {
      const response = await fetch(CREW_DAY_URL, { credentials: "same-origin", cache: "no-store" });
      if (response.status === 401) return setSignedOut(true);
      // The service worker's kept copy (no signal) is no newer than what the phone holds.
      if (!response.ok || response.headers.has(FROM_CACHE_HEADER)) return;
      const fresh = (await response.json()) as Omit<DayCopy, "savedAt">;
      await keepDay({ ...fresh, savedAt: new Date().toISOString() });
    } catch {
      // No signal: the copy on the phone stands.
    }
  }, [keepDay]);

  const flush = useCallback(async () => {
    // An action queued while a run is finishing (past its last look at the queue, reading the day)
    // would otherwise wait for the next retry: the run goes round once more instead.
    if (flushing.current) {
      flushAgain.current = true;
      return;
    }
    flushing.current = true;
    setSending(true);
    try {
      do {
        flushAgain.current = false;
        // The head of the queue each time: actions taken while sending join the same run, in order.
        for (let action = (await loadQueue())[0]; action; action = (await loadQueue())[0]) {
          const outcome = await sendAction(action);
          if (outcome.kind === "unsent") break;
          if (outcome.kind === "refused") {
            await addRefusal({ key: action.key, visitId: action.visitId, kind: action.kind, message: outcome.message });
          }
          await dropFromQueue(action.key);
          setQueue(await loadQueue());
        }
        setRefusals(await loadRefusals());
        await refresh();
      } while (flushAgain.current);
    } finally {
      flushing.current = false;
      setSending(false);
      setQueue(await loadQueue());
    }
  }, [refresh]);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      const [stored, queued, refused] = await Promise.all([loadDay(), loadQueue(), loadRefusals()]);
      if (stopped) return;
      if (stored) setDay((current) => (current && current.savedAt >= stored.savedAt ? current : stored));
      if (initialDay && (!stored || stored.savedAt < initialDay.savedAt)) await saveDay(initialDay);
      setQueue(queued);
      setRefusals(refused);
      await flush();
    })();
    setOnline(navigator.onLine);
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    return () => {
      stopped = true;
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
    };
  }, [flush, initialDay]);

  useEffect(() => {
    if (queue.length === 0) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [queue.length, flush]);

  const act = useCallback(
    async (kind: FieldActionKind, stop: CrewStop, body: Record<string, unknown> = {}, photo?: Blob) => {
      await enqueue({
        key: newIdempotencyKey(),
        kind,
        visitId: stop.visitId,
        customerName: stop.customerName,
        seenVersion: stop.version,
        body,
        ...(photo ? { photo } : {}),
        queuedAt: new Date().toISOString(),
      });
      setQueue(await loadQueue());
      if (navigator.onLine) void flush();
    },
    [flush],
  );

  const dismiss = useCallback(async (key: string) => {
    await dismissRefusal(key);
    setRefusals(await loadRefusals());
  }, []);

  return { day, queue, refusals, online, sending, signedOut, act, dismiss };
}
