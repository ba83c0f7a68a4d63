/**
 * The site's own address for links in emails. It comes from configuration, never from the
 * request's Host header: a forged Host would otherwise send a victim a link to someone else's site,
 * handing over the token in it.
 */
export function appUrl(path: string): string {
  const base = process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  return new URL(path, base).toString();
}
