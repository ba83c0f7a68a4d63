import type { TTextSettings } from "@/lib/validation/texts";
import type { Db } from "@/server/db";
import { getTextSettings, saveTextSettings } from "./settings";
import { TEXTS_NOT_CONFIGURED, textsConfigured } from "./twilio-client";

/** Settings → Texts as the screen shows it: the owner's choices, and whether texts can go out at all. */
function withStatus(settings: TTextSettings) {
  const on = textsConfigured();
  return { ...settings, textsOn: on, textsOffReason: on ? null : TEXTS_NOT_CONFIGURED };
}

export async function readTextSettings(db: Db) {
  return withStatus(await getTextSettings(db));
}

export async function writeTextSettings(db: Db, settings: TTextSettings) {
  return withStatus(await saveTextSettings(db, settings));
}
