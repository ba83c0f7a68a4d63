/** A lower-case name as a label: its first letter upper-cased ("sent" → "Sent", "weekly" → "Weekly"). */
export function capitalize(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
