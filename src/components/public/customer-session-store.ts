"use client";

import { useEffect, useSyncExternalStore } from "react";
import { restRequest } from "@/lib/rest-client";
import type { TCustomerStatusResponse, TSessionCustomer } from "@/server/auth/schemas";

/**
 * Whether a customer is signed in, for the public header, the bottom bar and the booking wizard. It asks
 * GET /api/customer/status once per page load and again whenever a portal screen signs someone in
 * or out (`refreshCustomerSession`), so public pages need no tRPC client.
 */
export interface CustomerSessionState {
  signedIn: boolean;
  customer: TSessionCustomer | null;
}

const SIGNED_OUT: CustomerSessionState = { signedIn: false, customer: null };
/** Sent on window when a customer signs out, so cached portal data can be dropped. */
export const CUSTOMER_SIGNED_OUT_EVENT = "greenscape:customer-signed-out";

let state = SIGNED_OUT;
let loaded = false;
// Only the newest check may publish, so an answer that left before a login cannot undo it.
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: CustomerSessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Asks the server again; a failed check reads as signed out (docs/product-rules.md#customer-accounts-and-claiming). */
export function refreshCustomerSession(): Promise<void> {
  loaded = true;
  const mine = ++generation;
  return restRequest<TCustomerStatusResponse>("GET", "/customer/status").then((result) => {
    if (mine !== generation) return;
    const customer = result.ok && result.data.authenticated ? result.data.customer : null;
    publish(customer ? { signedIn: true, customer } : SIGNED_OUT);
  });
}

/** Called after a successful logout: the header switches at once and cached portal data is dropped. */
export function markCustomerSignedOut() {
  loaded = true;
  generation += 1;
  publish(SIGNED_OUT);
  window.dispatchEvent(new Event(CUSTOMER_SIGNED_OUT_EVENT));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCustomerSessionState(): CustomerSessionState {
  useEffect(() => {
    if (!loaded) void refreshCustomerSession();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SIGNED_OUT,
  );
}
