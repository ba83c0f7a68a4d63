/**
 * How many SMS segments a text takes, as carriers count them: GSM-7 when every character is in the
 * GSM 03.38 alphabet (the extension characters take two), otherwise UCS-2 in UTF-16 code units.
 * One segment holds 160 GSM-7 characters or 70 UCS-2 units; a longer text is split into parts of
 * 153 or 67, each carrying a header.
 */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€\f";

export interface SegmentCount {
  encoding: "GSM-7" | "UCS-2";
  /** Characters as the encoding counts them (an extension character counts two in GSM-7). */
  units: number;
  segments: number;
  /** How many more units fit before another segment starts. */
  remaining: number;
}

export function countSegments(text: string): SegmentCount {
  let gsmUnits = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) gsmUnits += 1;
    else if (GSM_EXTENSION.includes(char)) gsmUnits += 2;
    else return measure("UCS-2", text.length, 70, 67);
  }
  return measure("GSM-7", gsmUnits, 160, 153);
}

function measure(encoding: SegmentCount["encoding"], units: number, single: number, part: number): SegmentCount {
  if (units <= single) return { encoding, units, segments: units === 0 ? 0 : 1, remaining: single - units };
  const segments = Math.ceil(units / part);
  return { encoding, units, segments, remaining: segments * part - units };
}
