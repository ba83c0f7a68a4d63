import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stand-in for Stripe's API, for tests: the real `stripe` SDK talks to it over HTTP
 * (STRIPE_API_BASE_URL), and it records what was asked (amount, Idempotency-Key) the way Stripe
 * would see it. It keeps PaymentIntents in memory and honours idempotency keys.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { message: string } | null;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  /** Moves an intent as Stripe would after the customer confirms. */
  setIntentStatus: (id: string, status: "succeeded" | "requires_payment_method" | "canceled", errorMessage?: string) => StandInIntent;
  close: () => Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function metadataOf(params: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = key.match(/^metadata\[(.+)\]$/);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export async function startStripeStandIn(listenPort = 0): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
  let counter = 0;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const body = await readBody(request);
    const params = new URLSearchParams(request.method === "GET" ? url.search : body);
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method: request.method ?? "GET", path: url.pathname, params, idempotencyKey });

    const send = (status: number, json: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
      response.end(JSON.stringify(json));
    };

    if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
      const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (replay) return send(200, replay);
      counter += 1;
      const id = `pi_standin_${counter}`;
      const amount = Number(params.get("amount"));
      const intent: StandInIntent = {
        id,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: params.get("currency") ?? "usd",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${Math.random().toString(36).slice(2)}`,
        metadata: metadataOf(params),
        latest_charge: null,
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
      return send(200, intent);
    }

    const retrieve = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (request.method === "GET" && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      if (!intent) {
        return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${retrieve[1]}'` } });
      }
      return send(200, intent);
    }

    send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
  });

  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    setIntentStatus(id, status, errorMessage) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No stand-in intent ${id}`);
      intent.status = status;
      intent.amount_received = status === "succeeded" ? intent.amount : 0;
      intent.latest_charge = status === "succeeded" ? `ch_for_${id}` : intent.latest_charge;
      intent.last_payment_error = errorMessage ? { message: errorMessage } : null;
      return intent;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
