import type postgres from "postgres";

/** What a listening session tells its owner. */
export interface ListenEvents {
  onMessage: (payload: string) => void;
  /** Listening (again): notifications sent before may have been missed. */
  onListening: () => void;
  /** Not listening (connection lost or closed): nothing learned from notifications holds any more. */
  onDeaf: () => void;
}

const RELISTEN_MS = 1000;

/**
 * LISTENs on `channel` over a connection of its own, and when that connection is lost (a restart,
 * a killed backend, an outage) or cannot be made, says so at once and tries again every second
 * until it listens. postgres.js's own listen() tries to re-listen once only, and tells no one it stopped.
 */
export async function listenOnPostgres(
  createClient: (options: postgres.Options<Record<string, never>>) => postgres.Sql,
  channel: string,
  events: ListenEvents,
): Promise<{ close: () => Promise<void> }> {
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const relistenLater = () => {
    clearTimeout(retry);
    if (closed) return;
    retry = setTimeout(() => void start().catch(relistenLater), RELISTEN_MS);
    retry.unref();
  };
  const client = createClient({
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    fetch_types: false,
    connect_timeout: 4,
    onnotice: () => {},
    onnotify: (name: string, payload: string) => {
      if (name === channel) events.onMessage(payload);
    },
    onclose: () => {
      events.onDeaf();
      relistenLater();
    },
  } as postgres.Options<Record<string, never>>);
  const start = async () => {
    await client.unsafe(`listen "${channel.replace(/"/g, '""')}"`);
    events.onListening();
  };
  // Not listening yet only means no caching yet: the app works, and tries again every second.
  await start().catch(relistenLater);
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      events.onDeaf();
      await client.end({ timeout: 1 });
    },
  };
}
