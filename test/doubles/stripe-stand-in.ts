import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A small stand-in for Stripe's API, for tests: the real `stripe` SDK talks to it over HTTP
 * (STRIPE_API_BASE_URL), and it records what was asked (amount, Idempotency-Key) the way Stripe
 * would see it. It keeps PaymentIntents, Customers, SetupIntents, PaymentMethods and Refunds in
 * memory and honours idempotency keys (a replay answers what the first request answered).
 *
 * Saved cards behave like Stripe's test cards: "visa" succeeds off-session, "authentication_required"
 * needs the customer (4000002760003184), "declined" is refused (4000000000000002), and "processing"
 * leaves the charge processing until the test moves it on (as a bank may hold a payment).
 * `POST /test/setup_intents/{id or latest}/confirm?card=visa` does what Stripe.js does after the customer
 * enters a card, for browser journeys where Stripe.js cannot load.
 *
 * `POST /v1/payment_intents/{id}/confirm` with the client secret and a test card number is what
 * Stripe.js sends when the customer pays in the Payment Element (the journeys' Stripe.js stand-in,
 * e2e/fixtures/stripe-js.ts, sends it). Given `webhook`, the outcome is then delivered to the app as
 * Stripe delivers it: a signed payment_intent.succeeded or payment_intent.payment_failed event.
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
  last_payment_error: { message: string; code?: string; decline_code?: string } | null;
  customer: string | null;
  payment_method: string | null;
  off_session: boolean;
}

export type StandInCard = "visa" | "mastercard" | "authentication_required" | "declined" | "processing";

export interface StandInPaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  behaviour: StandInCard;
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  charge: string | null;
  status: "pending" | "succeeded" | "failed";
  reason: string | null;
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  customers: Map<
    string,
    {
      id: string;
      object: "customer";
      email: string | null;
      name: string | null;
      metadata: Record<string, string>;
      invoice_settings: { default_payment_method: string | null };
    }
  >;
  setupIntents: Map<
    string,
    {
      id: string;
      object: "setup_intent";
      customer: string | null;
      status: string;
      client_secret: string;
      payment_method: string | null;
      usage: string;
    }
  >;
  paymentMethods: Map<string, StandInPaymentMethod>;
  refunds: Map<string, StandInRefund>;
  /** What Stripe.js does when the customer enters a card in the Payment Element for a SetupIntent. */
  completeSetupIntent: (id: string, card?: StandInCard) => StandInPaymentMethod;
  /** Moves an intent as Stripe would after the customer confirms. */
  setIntentStatus: (
    id: string,
    status: "succeeded" | "processing" | "requires_payment_method" | "canceled",
    errorMessage?: string,
  ) => StandInIntent;
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

/**
 * Stripe's test card numbers, as the customer types them into the card form: 4000000000000002 is
 * refused at once, 4000000000000341 is saved but refused when charged.
 */
const TEST_CARD_NUMBERS: Record<string, StandInCard> = {
  "4242424242424242": "visa",
  "5555555555554444": "mastercard",
  "4000002760003184": "authentication_required",
  "4000000000000002": "declined",
  "4000000000000341": "declined",
};
const REFUSED_AT_ONCE = "4000000000000002";

/** Delivers an event to the app's webhook endpoint, signed with its secret, as Stripe does. */
async function deliverEvent(webhook: { url: string; secret: string }, type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_standin_${Date.now().toString(36)}_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = new Stripe("sk_test_signer_only").webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
  await fetch(webhook.url, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  }).catch((error: unknown) => console.error(`[stripe stand-in] webhook delivery failed: ${String(error)}`));
}

export async function startStripeStandIn(
  listenPort = 0,
  options: { webhook?: { url: string; secret: string } } = {},
): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, { intent: StandInIntent; confirmError: unknown }>();
  const replies = new Map<string, { status: number; json: unknown }>();
  const customers: StripeStandIn["customers"] = new Map();
  const setupIntents: StripeStandIn["setupIntents"] = new Map();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const refunds = new Map<string, StandInRefund>();
  let counter = 0;

  const CARDS: Record<StandInCard, { brand: string; last4: string }> = {
    visa: { brand: "visa", last4: "4242" },
    mastercard: { brand: "mastercard", last4: "4444" },
    authentication_required: { brand: "visa", last4: "3184" },
    declined: { brand: "visa", last4: "0002" },
    processing: { brand: "visa", last4: "0077" },
  };

  function completeSetupIntent(id: string, card: StandInCard = "visa"): StandInPaymentMethod {
    const setup = setupIntents.get(id);
    if (!setup) throw new Error(`No stand-in setup intent ${id}`);
    counter += 1;
    const method: StandInPaymentMethod = {
      id: `pm_standin_${counter}`,
      object: "payment_method",
      type: "card",
      customer: setup.customer,
      card: { ...CARDS[card], exp_month: 12, exp_year: 2034 },
      behaviour: card,
    };
    paymentMethods.set(method.id, method);
    setup.status = "succeeded";
    setup.payment_method = method.id;
    return method;
  }

  const typedNumber = (params: URLSearchParams) => (params.get("payment_method_data[card][number]") ?? "").replace(/\D/g, "");
  const INCORRECT_NUMBER = { error: { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect." } };

  /** The payment method Stripe.js makes of the card the customer typed, or null for a number that is no test card. */
  function typedCard(params: URLSearchParams, customer: string | null): StandInPaymentMethod | null {
    const number = typedNumber(params);
    const card = TEST_CARD_NUMBERS[number];
    if (!card) return null;
    counter += 1;
    const method: StandInPaymentMethod = {
      id: `pm_standin_${counter}`,
      object: "payment_method",
      type: "card",
      customer,
      card: { brand: CARDS[card].brand, last4: number.slice(-4), exp_month: 12, exp_year: 2034 },
      // The customer is present, so a card asking for authentication passes it.
      behaviour: card === "authentication_required" ? "visa" : card,
    };
    paymentMethods.set(method.id, method);
    return method;
  }

  /** Confirms an intent with its payment method as Stripe would; answers the card error when it fails. */
  function confirmIntent(intent: StandInIntent): unknown {
    const method = paymentMethods.get(intent.payment_method ?? "");
    if (!method || method.customer !== intent.customer) {
      intent.status = "requires_payment_method";
      return {
        error: { type: "invalid_request_error", code: "resource_missing", message: `No such PaymentMethod: '${intent.payment_method}'` },
      };
    }
    if (method.behaviour === "visa" || method.behaviour === "mastercard") {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge = `ch_for_${intent.id}`;
      return undefined;
    }
    if (method.behaviour === "processing") {
      intent.status = "processing";
      return undefined;
    }
    const failure =
      method.behaviour === "authentication_required"
        ? { code: "authentication_required", message: "Your card was declined. This transaction requires authentication." }
        : { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };
    intent.status = "requires_payment_method";
    intent.last_payment_error = failure;
    return { error: { type: "card_error", ...failure, payment_intent: intent } };
  }

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
      if (replay) return replay.confirmError ? send(402, replay.confirmError) : send(200, replay.intent);
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
        customer: params.get("customer"),
        payment_method: params.get("payment_method"),
        off_session: params.get("off_session") === "true",
      };
      intents.set(id, intent);
      const confirmError = params.get("confirm") === "true" ? confirmIntent(intent) : undefined;
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, { intent, confirmError });
      return confirmError ? send(402, confirmError) : send(200, intent);
    }

    const idempotent = (compute: () => { status: number; json: unknown }) => {
      const key = idempotencyKey ? `${request.method} ${url.pathname} ${idempotencyKey}` : undefined;
      const earlier = key ? replies.get(key) : undefined;
      const reply = earlier ?? compute();
      if (key && !earlier) replies.set(key, reply);
      return send(reply.status, reply.json);
    };
    const missing = (kind: string, id: string) =>
      send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'` } });

    if (request.method === "POST" && url.pathname === "/v1/customers") {
      return idempotent(() => {
        counter += 1;
        const customer = {
          id: `cus_standin_${counter}`,
          object: "customer" as const,
          email: params.get("email"),
          name: params.get("name"),
          metadata: metadataOf(params),
          invoice_settings: { default_payment_method: null as string | null },
        };
        customers.set(customer.id, customer);
        return { status: 200, json: customer };
      });
    }

    const customerPath = url.pathname.match(/^\/v1\/customers\/([^/]+)$/);
    if (customerPath?.[1]) {
      const customer = customers.get(customerPath[1]);
      if (!customer) return missing("customer", customerPath[1]);
      if (request.method === "POST") {
        const chosen = params.get("invoice_settings[default_payment_method]");
        if (chosen !== null) {
          if (chosen && paymentMethods.get(chosen)?.customer !== customer.id) return missing("payment_method", chosen);
          customer.invoice_settings.default_payment_method = chosen || null;
        }
      }
      return send(200, customer);
    }

    const customerMethods = url.pathname.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/);
    if (request.method === "GET" && (customerMethods?.[1] || url.pathname === "/v1/payment_methods")) {
      const customerId = customerMethods?.[1] ?? params.get("customer");
      if (!customerId || !customers.has(customerId)) return missing("customer", customerId ?? "");
      const data = [...paymentMethods.values()].filter((method) => method.customer === customerId).reverse();
      return send(200, { object: "list", data, has_more: false, url: url.pathname });
    }

    const methodPath = url.pathname.match(/^\/v1\/payment_methods\/([^/]+)$/);
    if (request.method === "GET" && methodPath?.[1]) {
      const method = paymentMethods.get(methodPath[1]);
      return method ? send(200, method) : missing("payment_method", methodPath[1]);
    }

    const detach = url.pathname.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (request.method === "POST" && detach?.[1]) {
      const method = paymentMethods.get(detach[1]);
      if (!method?.customer) return missing("payment_method", detach[1]);
      const customer = customers.get(method.customer);
      if (customer?.invoice_settings.default_payment_method === method.id) customer.invoice_settings.default_payment_method = null;
      method.customer = null;
      return send(200, method);
    }

    if (request.method === "POST" && url.pathname === "/v1/setup_intents") {
      return idempotent(() => {
        counter += 1;
        const id = `seti_standin_${counter}`;
        const setup = {
          id,
          object: "setup_intent" as const,
          customer: params.get("customer"),
          status: "requires_payment_method",
          client_secret: `${id}_secret_${Math.random().toString(36).slice(2)}`,
          payment_method: null as string | null,
          usage: params.get("usage") ?? "off_session",
        };
        setupIntents.set(id, setup);
        return { status: 200, json: setup };
      });
    }

    const setupPath = url.pathname.match(/^\/v1\/setup_intents\/([^/]+)$/);
    if (request.method === "GET" && setupPath?.[1]) {
      const setup = setupIntents.get(setupPath[1]);
      return setup ? send(200, setup) : missing("setup_intent", setupPath[1]);
    }

    // "latest" is the newest SetupIntent still waiting for a card: the one the page just opened.
    const confirmSetup = url.pathname.match(/^\/test\/setup_intents\/([^/]+)\/confirm$/);
    if (request.method === "POST" && confirmSetup?.[1]) {
      const id =
        confirmSetup[1] === "latest"
          ? [...setupIntents.values()].reverse().find((setup) => setup.status === "requires_payment_method")?.id
          : confirmSetup[1];
      if (!id || !setupIntents.has(id)) return missing("setup_intent", confirmSetup[1]);
      return send(200, completeSetupIntent(id, (url.searchParams.get("card") as StandInCard | null) ?? "visa"));
    }

    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      return idempotent(() => {
        const intent = intents.get(params.get("payment_intent") ?? "");
        if (!intent || intent.status !== "succeeded") {
          return {
            status: 400,
            json: {
              error: {
                type: "invalid_request_error",
                code: "charge_not_refundable",
                message: "This PaymentIntent has no successful charge to refund.",
              },
            },
          };
        }
        const amount = Number(params.get("amount") ?? intent.amount);
        const refunded = [...refunds.values()]
          .filter((refund) => refund.payment_intent === intent.id && refund.status !== "failed")
          .reduce((sum, refund) => sum + refund.amount, 0);
        if (amount > intent.amount - refunded) {
          return {
            status: 400,
            json: {
              error: {
                type: "invalid_request_error",
                code: "amount_too_large",
                message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})`,
              },
            },
          };
        }
        counter += 1;
        const refund: StandInRefund = {
          id: `re_standin_${counter}`,
          object: "refund",
          amount,
          payment_intent: intent.id,
          charge: intent.latest_charge,
          status: "pending",
          reason: params.get("reason"),
          metadata: metadataOf(params),
        };
        refunds.set(refund.id, refund);
        return { status: 200, json: refund };
      });
    }

    // The customer pays in the browser: Stripe.js confirms the intent with the card typed in.
    const confirmByCustomer = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
    if (request.method === "POST" && confirmByCustomer?.[1]) {
      const intent = intents.get(confirmByCustomer[1]);
      if (!intent || params.get("client_secret") !== intent.client_secret) return missing("payment_intent", confirmByCustomer[1]);
      if (intent.status === "succeeded") {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: "This PaymentIntent has already succeeded.",
          },
        });
      }
      const method = typedCard(params, intent.customer);
      if (!method) return send(402, INCORRECT_NUMBER);
      intent.payment_method = method.id;
      intent.last_payment_error = null;
      const failure = confirmIntent(intent);
      if (options.webhook) {
        const type = intent.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed";
        void deliverEvent(options.webhook, type, { ...intent });
      }
      return failure ? send(402, failure) : send(200, intent);
    }

    // The customer saves a card in the browser: Stripe.js confirms the SetupIntent with the card typed in.
    const confirmSetupByCustomer = url.pathname.match(/^\/v1\/setup_intents\/([^/]+)\/confirm$/);
    if (request.method === "POST" && confirmSetupByCustomer?.[1]) {
      const setup = setupIntents.get(confirmSetupByCustomer[1]);
      if (!setup || params.get("client_secret") !== setup.client_secret) return missing("setup_intent", confirmSetupByCustomer[1]);
      if (typedNumber(params) === REFUSED_AT_ONCE) {
        return send(402, {
          error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
        });
      }
      const method = typedCard(params, setup.customer);
      if (!method) return send(402, INCORRECT_NUMBER);
      setup.status = "succeeded";
      setup.payment_method = method.id;
      return send(200, setup);
    }

    const retrieve = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (request.method === "GET" && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      if (!intent) {
        return send(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${retrieve[1]}'` },
        });
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
    customers,
    setupIntents,
    paymentMethods,
    refunds,
    completeSetupIntent,
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
