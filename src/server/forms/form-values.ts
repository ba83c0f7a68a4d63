/** The named text fields of a posted form; a missing field reads as empty, a file is ignored. */
export function textFields<K extends string>(formData: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** What goes back into the fields after a failure: everything but the passwords. */
export function withoutPasswords(values: Record<string, string>, passwordFields: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !passwordFields.includes(name)));
}
