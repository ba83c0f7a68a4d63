import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/server/config";

function problemsOf(env: Record<string, string>) {
  try {
    parseConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("the server configuration", () => {
  it("has working defaults for a laptop: the embedded database, port 3000, no proxies", () => {
    const config = parseConfig({});
    expect(config.database.url).toBeUndefined();
    expect(config.database.poolSize).toBe(10);
    expect(config.port).toBe(3000);
    expect(config.trustedProxyHops).toBe(0);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.seed.demoData).toBe(true);
    expect(config.secureCookies).toBe(false);
  });

  it("parses numbers as numbers and booleans as booleans", () => {
    const config = parseConfig({ DATABASE_POOL_SIZE: "25", TRUSTED_PROXY_HOPS: "2", SEED_DEMO_DATA: "false", COOKIE_SECURE: "true" });
    expect(config.database.poolSize).toBe(25);
    expect(config.trustedProxyHops).toBe(2);
    expect(config.seed.demoData).toBe(false);
    expect(config.secureCookies).toBe(true);
  });

  it.each([
    ["TRUSTED_PROXY_HOPS", "one"],
    ["TRUSTED_PROXY_HOPS", "-1"],
    ["TRUSTED_PROXY_HOPS", "1.5"],
    ["DATABASE_POOL_SIZE", "ten"],
    ["DATABASE_POOL_SIZE", "0"],
    ["PORT", "70000"],
    ["SEED_DEMO_DATA", "maybe"],
    ["COOKIE_SECURE", "TRUE-ish"],
    ["NODE_ENV", "staging"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["APP_URL", "greenscape.example"],
    ["SMTP_URL", "http://mail.example"],
  ])("refuses %s=%s and names the variable", (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} `));
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", TRUSTED_PROXY_HOPS: " " }).database.url).toBeUndefined();
  });

  it("refuses a production start on PostgreSQL without APP_URL, since emailed links would point at localhost", () => {
    const problems = problemsOf({ NODE_ENV: "production", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app" });
    expect(problems).toEqual([expect.stringContaining("APP_URL must be set in production on PostgreSQL")]);
    const config = parseConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app",
      APP_URL: "https://greenscape.example",
    });
    expect(config.appUrl).toBe("https://greenscape.example");
    expect(config.secureCookies).toBe(true);
  });

  it("reads the publishable key under either name", () => {
    expect(parseConfig({ NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_1" }).stripe.publishableKey).toBe("pk_test_1");
    expect(
      parseConfig({ STRIPE_PUBLISHABLE_KEY: "pk_test_2", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_1" }).stripe.publishableKey,
    ).toBe("pk_test_2");
  });

  it("refuses a STAFF_PASSWORD shorter than 12 characters: the operator's password is never asked to change", () => {
    expect(problemsOf({ STAFF_PASSWORD: "admin12345" })).toEqual(["STAFF_PASSWORD must be at least 12 characters"]);
    expect(problemsOf({ STAFF_PASSWORD: "twelve-chars" })).toEqual([]);
  });

  it("reads DEMO_MODE as a flag, off by default, and refuses it in production on PostgreSQL", () => {
    expect(parseConfig({}).demoMode).toBe(false);
    expect(parseConfig({ DEMO_MODE: "true" }).demoMode).toBe(true);
    expect(problemsOf({ DEMO_MODE: "sure" })).toEqual([expect.stringMatching(/^DEMO_MODE /)]);
    expect(
      problemsOf({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://127.0.0.1/app",
        APP_URL: "https://greenscape.example",
        DEMO_MODE: "true",
      }),
    ).toEqual([expect.stringContaining("DEMO_MODE is for the embedded database")]);
    expect(parseConfig({ NODE_ENV: "production", DEMO_MODE: "true" }).demoMode).toBe(true);
  });
});
