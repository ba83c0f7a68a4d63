import { reloadConfig } from "../../src/server/config";

/**
 * Changes the server's environment for a test and re-reads the configuration, which the app
 * otherwise reads once. `undefined` removes a variable.
 */
export function setEnv(variables: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
}

/** Runs this test file's process in another time zone; the business rules must not notice. */
export function setProcessTimeZone(zone: string) {
  process.env.TZ = zone;
}
