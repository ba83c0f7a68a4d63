/**
 * The gate code written in a visit's instructions or notes ("Gate code 4821", "gate: #1234*"),
 * shown on its own line on the crew's phone; null when none is written.
 */
export function gateCodeIn(text: string): string | null {
  const match = /\bgate(?:\s*code)?\s*(?:is|[:#-])?\s*(#?[0-9][0-9#*]{1,11})/i.exec(text);
  return match?.[1] ?? null;
}
