/** The first value of a query parameter as Next hands it to a page. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first : undefined;
}
