import {
  type CheckoutResponse,
  type PortalResponse,
  PREMIUM_PLAN,
  type SubscriptionView,
} from "@tabi/contracts";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";

export const subscriptionQuery = queryOptions({
  queryKey: ["billing", "subscription"],
  queryFn: () => api<SubscriptionView>("/api/billing/subscription"),
  staleTime: 30_000,
});

/**
 * The spec's payment call (spec 1 s.7): its fields are sent as the spec names them; the server
 * decides the price and both return URLs itself.
 */
export function createCheckoutSession(user: { id: string; email: string | null }) {
  const origin = window.location.origin;
  return api<CheckoutResponse>("/api/stripe/create-checkout-session", {
    method: "POST",
    body: {
      priceId: PREMIUM_PLAN.id,
      userId: user.id,
      ...(user.email ? { customerEmail: user.email } : {}),
      automaticTax: true,
      successUrl: `${origin}/premium/success`,
      cancelUrl: `${origin}/premium/cancel`,
    },
  });
}

export const openPortal = () => api<PortalResponse>("/api/billing/portal", { method: "POST", body: {} });

/**
 * The spec's payment error texts (spec 1 s.8 'Payment'): no session, a refused request, anything else.
 * Our own refusals (a guest, already Premium) keep the server's clearer words.
 */
export function checkoutErrorKey(err: unknown): { key: string } | { message: string } {
  if (err instanceof ApiError && err.status === 401) return { key: "billing:error.loginRequired" };
  if (err instanceof ApiError && (err.status === 403 || err.status === 409)) return { message: err.message };
  // A non-OK answer (the provider's refusal is our 502); no answer at all is the generic text.
  if (err instanceof ApiError && err.status > 0) return { key: "billing:error.sessionFailed" };
  return { key: "billing:error.generic" };
}
