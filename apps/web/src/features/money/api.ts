import type { Balances, Expense, ExpenseInput, Settlement, SettlementInput } from "@tabi/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import {
  offlineQueryClient,
  pendingChanges,
  registerOutboxKind,
  sendOrQueue,
  useOutbox,
} from "../../lib/offline";

// The trip's money (issue 29): expenses, settlements and balances. Every write on the server publishes
// `money.changed` on the trip's channel (itinerary/api.ts useTripChannel), which refetches these.
export const moneyKeys = {
  all: (tripId: string) => ["money", tripId] as const,
  expenses: (tripId: string) => [...moneyKeys.all(tripId), "expenses"] as const,
  balances: (tripId: string) => [...moneyKeys.all(tripId), "balances"] as const,
  rate: (tripId: string, from: string) => [...moneyKeys.all(tripId), "rate", from] as const,
};

export interface ExpenseList {
  /** The trip's home currency: balances and settlements are in it. */
  currency: string;
  expenses: Expense[];
  settlements: Settlement[];
}
export interface RateQuote {
  from: string;
  to: string;
  rate: string | null;
  date: string | null;
  /** "table": the approximate offline table, shown as such. */
  source: "ecb" | "table" | null;
}

const base = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}`;
export const csvUrl = (tripId: string) => `${base(tripId)}/expenses.csv`;

export const useExpenses = (tripId: string) =>
  useQuery({
    queryKey: moneyKeys.expenses(tripId),
    queryFn: () => api<ExpenseList>(`${base(tripId)}/expenses`),
  });

export const useBalances = (tripId: string) =>
  useQuery({
    queryKey: moneyKeys.balances(tripId),
    queryFn: () => api<Balances>(`${base(tripId)}/balances`),
  });

/** The provider's rate from `from` into the home currency (none asked for the home currency itself). */
export const useRate = (tripId: string, from: string, home: string | undefined) =>
  useQuery({
    queryKey: moneyKeys.rate(tripId, from),
    queryFn: () => api<RateQuote>(`${base(tripId)}/money/rate?from=${encodeURIComponent(from)}`),
    enabled: Boolean(home && from && from !== home),
    staleTime: 60 * 60_000,
  });

function useMoneyWrite<I, O>(tripId: string, write: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: moneyKeys.expenses(tripId) });
      void qc.invalidateQueries({ queryKey: moneyKeys.balances(tripId) });
    },
  });
}

/** A new expense added offline waits in the outbox like a wish (lib/offline/outbox.ts). */
export const EXPENSE_ADD = "expense.add";
registerOutboxKind(EXPENSE_ADD, {
  settled: (tripId) => {
    const qc = offlineQueryClient();
    if (qc) void qc.invalidateQueries({ queryKey: moneyKeys.all(tripId) });
  },
});

/** New expenses of the trip waiting in the outbox to be sent. */
export function usePendingExpenses(tripId: string): ExpenseInput[] {
  useOutbox(); // re-renders as the outbox changes
  return pendingChanges(tripId)
    .filter((item) => item.kind === EXPENSE_ADD)
    .map((item) => item.body as ExpenseInput);
}

/** Adds (no id; kept in the outbox when offline) or replaces (id) an expense; `queued` when kept. */
export const useSaveExpense = (tripId: string) =>
  useMoneyWrite(tripId, async (input: { id?: string; body: ExpenseInput }): Promise<{ queued: boolean }> => {
    if (input.id) {
      await api<Expense>(`${base(tripId)}/expenses/${encodeURIComponent(input.id)}`, {
        method: "PUT",
        body: input.body,
      });
      return { queued: false };
    }
    const sent = await sendOrQueue<Expense>({
      kind: EXPENSE_ADD,
      tripId,
      method: "POST",
      path: `${base(tripId)}/expenses`,
      body: input.body,
      label: input.body.title,
      ...(input.body.notes ? { typed: input.body.notes } : {}),
    });
    return { queued: sent.queued };
  });

export const useDeleteExpense = (tripId: string) =>
  useMoneyWrite(tripId, (id: string) =>
    api<void>(`${base(tripId)}/expenses/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );

export const useAddSettlement = (tripId: string) =>
  useMoneyWrite(tripId, (body: SettlementInput) => api<Settlement>(`${base(tripId)}/settlements`, { body }));

export const useDeleteSettlement = (tripId: string) =>
  useMoneyWrite(tripId, (id: string) =>
    api<void>(`${base(tripId)}/settlements/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );

export const useSetHomeCurrency = (tripId: string) =>
  useMoneyWrite(tripId, (currency: string) =>
    api<{ currency: string }>(`${base(tripId)}/money/currency`, { method: "PUT", body: { currency } }),
  );
