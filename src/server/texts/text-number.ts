import { textNumberOf } from "@/lib/text-number";
import { NUMBER_CANNOT_TAKE_TEXTS } from "@/lib/texts";
import { InvalidInputError } from "@/server/errors";

export { textNumberOf };

/** As textNumberOf, refusing a number that cannot take texts with the message the customer sees. */
export function requireTextNumber(phone: string | null | undefined, field = "phone"): string {
  const number = textNumberOf(phone);
  if (!number) throw new InvalidInputError(NUMBER_CANNOT_TAKE_TEXTS, field);
  return number;
}
