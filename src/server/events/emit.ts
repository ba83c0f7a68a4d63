import type { Db } from "@/server/db";

/**
 * Every change the domain announces, by name, with what a subscriber needs to react to it. Each
 * domain adds the events it emits in an `events.ts` of its own folder (declaration merging), so this
 * folder, below every domain, imports none of them; `src/server/app/subscribers.ts` lists them all
 * with who reacts to each.
 */
export interface DomainEvents {}

export type EventType = keyof DomainEvents;
/** One event of type K, as emitted: its name beside its fields. */
export type EventOf<K extends EventType> = { type: K } & DomainEvents[K];
/** Any event. */
export type DomainEvent = { [K in EventType]: EventOf<K> }[EventType];

/** A reaction to one kind of event, run inside the emitting transaction. */
export type Subscriber<K extends EventType> = (tx: Db, event: EventOf<K>) => Promise<void>;

/** Every event with its subscribers, in the order they run: an event nobody reacts to is listed with none. */
export type SubscriberTable = { [K in EventType]: ReadonlyArray<Subscriber<K>> };

type Watcher = (event: DomainEvent) => void;

let subscribers: SubscriberTable | null = null;
const watchers = new Set<Watcher>();

/** Installed once by the composition root (src/server/app/install.ts); installing again replaces the table. */
export function installSubscribers(table: SubscriberTable): void {
  subscribers = table;
}

/**
 * Announces a change on `tx`, the transaction that makes it: every subscriber runs inside it, so
 * the email, webhook delivery or job a subscriber adds exists exactly when the change does, and a
 * subscriber's failure undoes the change.
 */
export async function emit<K extends EventType>(tx: Db, event: EventOf<K>): Promise<void> {
  if (!subscribers) throw new Error(`"${event.type}" was emitted before the app installed its subscribers (src/server/app/install.ts)`);
  for (const watch of watchers) watch(event as unknown as DomainEvent);
  const reactions = subscribers[event.type] as ReadonlyArray<Subscriber<K>>;
  for (const react of reactions) await react(tx, event);
}

/**
 * Tells `watch` of every event as it is emitted, before its subscribers run, until the returned
 * function is called: for logs and for tests that check a write announces itself.
 */
export function watchEvents(watch: Watcher): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}
