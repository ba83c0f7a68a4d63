import { BUSINESS } from "@/lib/business";
import type { Db } from "@/server/db";
import { resumeTextsTo, stopTextsTo } from "./consent";
import { queueText } from "./queue-text";

/** The words carriers and Twilio treat as opting out, in, and asking for help. */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP"]);
const HELP_WORDS = new Set(["HELP"]);

export type TextKeyword = "stop" | "start" | "help";

/** The keyword a text is, or null: only a text that is the keyword alone, in any case ("Stop", " stop "). */
export function keywordOf(body: string): TextKeyword | null {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return "stop";
  if (START_WORDS.has(word)) return "start";
  if (HELP_WORDS.has(word)) return "help";
  return null;
}

/** What we text back to each keyword: short, plain GSM-7, one segment. */
export const KEYWORD_REPLIES: Record<TextKeyword, string> = {
  stop: `${BUSINESS.name}: you will get no more texts from us. Reply START to get them again.`,
  start: `${BUSINESS.name}: texts are back on. Reply STOP to stop, HELP for help.`,
  help: `${BUSINESS.name}: call us at ${BUSINESS.phone} or write to ${BUSINESS.email}. Reply STOP to stop.`,
};

/**
 * Acts on a keyword texted from `number` (E.164): STOP stops texts to every customer with the
 * number, START resumes them, and each gets one answer. The answer's key is the inbound text's id,
 * so a replayed webhook never answers twice; it goes even in quiet hours and after STOP, since it
 * answers the customer's own text (docs/product-rules.md#texts).
 */
export async function answerKeyword(
  db: Db,
  text: { providerSid: string; number: string; keyword: TextKeyword; word: string; customerId: number | null },
  now = new Date(),
): Promise<void> {
  if (text.keyword === "stop") await stopTextsTo(db, text.number, text.word);
  if (text.keyword === "start") await resumeTextsTo(db, text.number, text.word);
  await queueText(
    db,
    { to: text.number, body: KEYWORD_REPLIES[text.keyword], kind: "keywordReply", customerId: text.customerId },
    { idempotencyKey: `keyword:${text.providerSid}`, now },
  );
}
