import { z } from "zod";

/**
 * Every setting the server reads from its environment, validated once with zod. Nothing else in
 * `src` reads `process.env`: a mistyped number or boolean stops the start with a message that names
 * the variable, instead of quietly becoming `NaN` or `true`.
 */

/** "true" or "false" (also 1/0, yes/no, on/off); anything else is refused rather than guessed. */
const flag = z.stringbool({ error: "must be true or false" });

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: "must be a whole number" })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

const url = (protocols: RegExp, hint: string) => z.url({ protocol: protocols, error: `must be a URL (${hint})` });

/** An empty value counts as unset, as shells and .env files often leave them. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: optional(wholeNumber(1, 65535)),

  DATABASE_URL: optional(url(/^postgres(ql)?$/, "postgres://user@host:5432/database")),
  DATABASE_POOL_SIZE: optional(wholeNumber(1, 1000)),
  DATABASE_CONNECTION_WAIT_SECONDS: optional(wholeNumber(1, 600)),
  PGLITE_DIR: optional(z.string()),

  STAFF_USERNAME: optional(z.string().trim().min(1)),
  // Whoever sets it chose it, so it is never asked to change: it must be long enough to keep.
  STAFF_PASSWORD: optional(z.string().min(12, { error: "must be at least 12 characters" })),
  SEED_DEMO_DATA: optional(flag),
  DEMO_MODE: optional(flag),

  COOKIE_SECURE: optional(flag),
  TRUSTED_PROXY_HOPS: optional(wholeNumber(0, 10)),
  APP_URL: optional(url(/^https?$/, "http:// or https://")),
  SMTP_URL: optional(url(/^smtps?$/, "smtp:// or smtps://")),
  WEBHOOKS_ALLOW_PRIVATE_URLS: optional(flag),
  JOB_WORKER: optional(flag),

  STRIPE_SECRET_KEY: optional(z.string().trim()),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().trim()),
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional(z.string().trim()),
  STRIPE_WEBHOOK_SECRET: optional(z.string().trim()),
  STRIPE_API_BASE_URL: optional(url(/^https?$/, "http:// or https://")),

  TWILIO_ACCOUNT_SID: optional(z.string().trim()),
  TWILIO_AUTH_TOKEN: optional(z.string().trim()),
  TWILIO_MESSAGING_SERVICE_SID: optional(
    z
      .string()
      .trim()
      .regex(/^MG[0-9a-fA-F]{32}$/, { error: "must be a Messaging Service SID (MG and 32 hex digits)" }),
  ),
  TWILIO_FROM_NUMBER: optional(
    z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{7,14}$/, { error: "must be a number in E.164, such as +15125550100" }),
  ),
  TWILIO_API_BASE_URL: optional(url(/^https?$/, "http:// or https://")),

  GEOCODER: optional(z.enum(["census", "zip"], { error: "must be census or zip" })),
  GEOCODER_URL: optional(url(/^https?$/, "http:// or https://")),
  GEOCODER_TIMEOUT_MS: optional(wholeNumber(100, 30_000)),
});

export type AppConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  const port = env.PORT ?? 3000;
  const production = env.NODE_ENV === "production";
  return {
    nodeEnv: env.NODE_ENV,
    production,
    port,
    database: {
      /** Unset: the embedded PGlite database. */
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE ?? 10,
      /** The longest a statement or transaction waits to be given a connection before it fails (503). */
      connectionWaitSeconds: env.DATABASE_CONNECTION_WAIT_SECONDS ?? 4,
      pgliteDir: env.PGLITE_DIR,
    },
    seed: {
      staffUsername: env.STAFF_USERNAME,
      staffPassword: env.STAFF_PASSWORD,
      demoData: env.SEED_DEMO_DATA ?? true,
    },
    /**
     * A deliberate demonstration: the staff login is the published demo one, every screen says so,
     * and emails (links included) are written to the log. Never for real customers.
     */
    demoMode: env.DEMO_MODE ?? false,
    /** Secure cookies with the __Host- prefix: on by default in production. */
    secureCookies: env.COOKIE_SECURE ?? production,
    /** How many proxies in front of us append to X-Forwarded-For; 0 ignores the header. */
    trustedProxyHops: env.TRUSTED_PROXY_HOPS ?? 0,
    /** The public address for links in emails, never taken from a request's Host header. */
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    appUrlConfigured: env.APP_URL !== undefined,
    smtpUrl: env.SMTP_URL,
    /**
     * Webhook endpoints on plain http or on private and loopback addresses. Refused in production,
     * where they would let anyone with staff rights make the server call into its own network.
     */
    webhooksAllowPrivateUrls: env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? !production,
    /** Whether this instance works the job queue (email, webhooks, reminders); every instance may. */
    jobWorker: env.JOB_WORKER ?? true,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      /** Another API address, such as a local stand-in in tests ("http://127.0.0.1:12111"). */
      apiBaseUrl: env.STRIPE_API_BASE_URL,
    },
    /**
     * Texts through Twilio (docs/product-rules.md#texts). Without the account, token and a sender
     * (a Messaging Service or a number), texts are off: they are kept in the outbox and the log.
     */
    twilio: {
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
      fromNumber: env.TWILIO_FROM_NUMBER,
      /** Another API address, such as a local stand-in in tests ("http://127.0.0.1:12112"). */
      apiBaseUrl: env.TWILIO_API_BASE_URL,
    },
    /**
     * How addresses become map locations (docs/product-rules.md#where-each-visit-is): "census" asks
     * the US Census Geocoder and falls back to the ZIP's centre; "zip" (the default in tests, and
     * for offline use) uses only the ZIP centres bundled with the app.
     */
    geocoder: {
      kind: env.GEOCODER ?? (env.NODE_ENV === "test" ? "zip" : "census"),
      /** The Census Geocoder's address, or a local stand-in in tests. */
      censusUrl: env.GEOCODER_URL ?? "https://geocoding.geo.census.gov",
      /** Saving never waits for it (a background job asks), but a slow answer must not hold a worker. */
      timeoutMs: env.GEOCODER_TIMEOUT_MS ?? 3000,
    },
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates an environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  const config = toConfig(parsed.data);
  const problems: string[] = [];
  if (config.production && config.database.url && !config.appUrlConfigured) {
    problems.push(
      "APP_URL must be set in production on PostgreSQL: emailed links (verification, password reset, invitations) would otherwise point at localhost.",
    );
  }
  if (config.production && config.database.url && config.demoMode) {
    problems.push(
      "DEMO_MODE is for the embedded database: it publishes a known staff login, so it cannot run in production on PostgreSQL.",
    );
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

let current: AppConfig | undefined;

/** The validated configuration, read from the environment on first use. */
export function config(): AppConfig {
  current ??= parseConfig(process.env);
  return current;
}

/** Reads the environment again; for tests that change it. */
export function reloadConfig(): AppConfig {
  current = undefined;
  return config();
}
