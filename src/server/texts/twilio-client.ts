import twilio from "twilio";
import { config } from "@/server/config";

export interface TextSender {
  /** Sends one text; answers the provider's id and first status. */
  send(message: { to: string; body: string; statusCallback: string }): Promise<{ sid: string; status: string }>;
}

/** Whether texts can go out: the account, its token, and a sender (a Messaging Service or a number). */
export function textsConfigured(): boolean {
  const settings = config().twilio;
  return Boolean(settings.accountSid && settings.authToken && (settings.messagingServiceSid || settings.fromNumber));
}

export const TEXTS_NOT_CONFIGURED =
  "Texts are off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_MESSAGING_SERVICE_SID (or TWILIO_FROM_NUMBER). Until then texts are kept in the outbox and the server log.";

/**
 * Twilio's own client, sending to another address when TWILIO_API_BASE_URL is set (a local stand-in
 * in tests): every request keeps its path and query and changes only its origin.
 */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL) {
    super();
  }

  override request<TData>(options: RequestOptions<TData>) {
    const uri = new URL(options.uri);
    const redirected = new URL(`${uri.pathname}${uri.search}`, this.base);
    return super.request<TData>({ ...options, uri: redirected.toString() });
  }
}

type RequestOptions<TData> = Parameters<twilio.RequestClient["request"]>[0] & { data?: TData };

let cached: { key: string; sender: TextSender } | null = null;

/** The sender for the configured account, or null while texts are off. */
export function textSender(): TextSender | null {
  if (!textsConfigured()) return null;
  const settings = config().twilio;
  const key = [settings.accountSid, settings.authToken, settings.apiBaseUrl, settings.messagingServiceSid, settings.fromNumber].join("|");
  if (cached?.key === key) return cached.sender;
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiBaseUrl ? new RedirectingRequestClient(new URL(settings.apiBaseUrl)) : undefined,
  });
  const sender: TextSender = {
    async send({ to, body, statusCallback }) {
      const from = settings.messagingServiceSid ? { messagingServiceSid: settings.messagingServiceSid } : { from: settings.fromNumber };
      const message = await client.messages.create({ to, body, statusCallback, ...from });
      return { sid: message.sid, status: message.status };
    },
  };
  cached = { key, sender };
  return sender;
}

/** The provider's error, when a request reached it and it refused: its HTTP status and error code. */
export function providerRefusal(error: unknown): { status: number; code: number | null; message: string } | null {
  if (error instanceof twilio.RestException) return { status: error.status, code: error.code ?? null, message: error.message };
  return null;
}
