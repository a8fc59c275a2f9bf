import type Stripe from "stripe";

// The Stripe SDK is 5-6 MiB of heap once loaded: it loads on the first payment call (a checkout, a
// webhook), not at start, so a server that nobody pays on never holds it (issue 2's idle memory).
let loading: Promise<typeof Stripe> | undefined;

export function loadStripe(): Promise<typeof Stripe> {
  loading ??= import("stripe").then((m) => m.default);
  return loading;
}
