import { createStore, get, set, update, type UseStore } from "idb-keyval";
import type { CrewProduct, CrewStop } from "@/lib/crew-day";

// What the crew's phone keeps in IndexedDB (through idb-keyval): the last copy of the day, the
// actions waiting to be sent, and the office's answers to actions it did not apply. Everything
// survives a reload, a closed tab and a phone without signal (docs/product-rules.md#the-crews-phone).

export interface DayCopy {
  date: string;
  crewId: number | null;
  stops: CrewStop[];
  /** The active products, for application records written offline; a copy kept before they came has none. */
  products?: CrewProduct[];
  /** When the phone last heard from the server. */
  savedAt: string;
}

export type FieldActionKind = "on-my-way" | "start" | "complete" | "cant-do" | "photos";

export interface QueuedAction {
  /** The idempotency key: the server applies an action with this key once, however often it is sent. */
  key: string;
  kind: FieldActionKind;
  visitId: string;
  customerName: string;
  /** The visit's version when the crew acted: if the office changed it since, the office's version wins. */
  seenVersion: string;
  body: Record<string, unknown>;
  photo?: Blob;
  queuedAt: string;
}

/** An action the server did not apply, and why, shown on its stop until the crew dismisses it. */
export interface Refusal {
  key: string;
  visitId: string;
  kind: FieldActionKind;
  message: string;
}

let store: { owner: string; store: UseStore } | undefined;

/**
 * One database per staff member on this phone, apart from anything else the site keeps: whoever
 * signs in next on a shared phone never sees, nor sends under their name, another member's queue.
 */
export function chooseStoreOf(username: string) {
  if (store?.owner !== username) store = { owner: username, store: createStore(`greenscape-crew-${username.toLowerCase()}`, "field") };
}

function crewStore() {
  if (!store) throw new Error("The crew screen chose no staff member's store");
  return store.store;
}

export const loadDay = () => get<DayCopy>("day", crewStore());
export const saveDay = (day: DayCopy) => set("day", day, crewStore());
export const loadQueue = async () => (await get<QueuedAction[]>("queue", crewStore())) ?? [];
export const loadRefusals = async () => (await get<Refusal[]>("refusals", crewStore())) ?? [];

export function enqueue(action: QueuedAction) {
  return update<QueuedAction[]>("queue", (queue) => [...(queue ?? []), action], crewStore());
}

export function dropFromQueue(key: string) {
  return update<QueuedAction[]>("queue", (queue) => (queue ?? []).filter((action) => action.key !== key), crewStore());
}

export function addRefusal(refusal: Refusal) {
  return update<Refusal[]>("refusals", (refusals) => [...(refusals ?? []), refusal], crewStore());
}

export function dismissRefusal(key: string) {
  return update<Refusal[]>("refusals", (refusals) => (refusals ?? []).filter((refusal) => refusal.key !== key), crewStore());
}

export function newIdempotencyKey(): string {
  return `crew-${crypto.randomUUID()}`;
}
