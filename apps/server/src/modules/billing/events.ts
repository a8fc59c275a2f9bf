import type { PaymentEvent } from "../../providers/payments";

// Reading Stripe objects across API versions: since 2025-03-31 a subscription's period lives on its
// items and an invoice names its subscription under parent.subscription_details; older versions
// keep both at the top. Events are read as plain JSON, tolerant of either.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** An id field that may be expanded into its object. */
export function idOf(value: unknown): string | null {
  if (typeof value === "string" && value) return value;
  if (isObj(value) && typeof value.id === "string") return value.id;
  return null;
}

const seconds = (v: unknown): Date | null =>
  typeof v === "number" && Number.isFinite(v) && v > 0 ? new Date(v * 1000) : null;

/** The end of a subscription's current period: on its items (new API) or on itself (old API). */
export function subscriptionPeriodEnd(sub: unknown): Date | null {
  if (!isObj(sub)) return null;
  const items = isObj(sub.items) && Array.isArray(sub.items.data) ? sub.items.data : [];
  const ends = items.map((i) => (isObj(i) ? seconds(i.current_period_end) : null)).filter((d) => d !== null);
  if (ends.length) return new Date(Math.max(...ends.map((d) => d.getTime())));
  return seconds(sub.current_period_end);
}

/** The subscription an invoice bills. */
export function invoiceSubscription(invoice: Obj): string | null {
  const parent = isObj(invoice.parent) ? invoice.parent : undefined;
  const details = parent && isObj(parent.subscription_details) ? parent.subscription_details : undefined;
  return idOf(details?.subscription) ?? idOf(invoice.subscription);
}

/** The end of the period an invoice pays for: its lines' periods (the invoice's own is the last one). */
export function invoicePeriodEnd(invoice: Obj): Date | null {
  const lines = isObj(invoice.lines) && Array.isArray(invoice.lines.data) ? invoice.lines.data : [];
  const ends = lines
    .map((l) => (isObj(l) && isObj(l.period) ? seconds(l.period.end) : null))
    .filter((d) => d !== null);
  return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
}

export const eventObject = (event: PaymentEvent): Obj =>
  isObj(event.data?.object) ? (event.data.object as unknown as Obj) : {};

export const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
