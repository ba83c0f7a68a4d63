import { config } from "@/server/config";

/**
 * The site's own address for links in emails. It comes from configuration, never from the
 * request's Host header: a forged Host would otherwise send a victim a link to someone else's site,
 * handing over the token in it.
 */
export function appUrl(path: string): string {
  return new URL(path, config().appUrl).toString();
}
