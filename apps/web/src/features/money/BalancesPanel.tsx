import {
  AMOUNT_ERROR_MESSAGE,
  type Balances,
  type CurrencyCode,
  isCurrency,
  minorToDecimal,
  toMinor,
} from "@tabi/contracts";
import { ArrowRight, PartyPopper } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field, Input } from "../../ui/Field";
import { useAddSettlement } from "./api";
import { money, today } from "./format";
import { failure } from "./MoneyScreen";
import type { People } from "./people";

type Transfer = Balances["transfers"][number];

/** Each member's paid, share and balance, and the fewest transfers that settle the trip up. */
export function BalancesPanel({
  tripId,
  balances,
  people,
  meId,
}: {
  tripId: string;
  balances: Balances;
  people: People;
  meId: string;
}) {
  const { t } = useTranslation();
  const [settling, setSettling] = useState<Transfer | null>(null);
  const code = balances.currency;
  return (
    <div className="space-y-3 rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
      <h3 className="text-base font-semibold">{t("money:balances.title")}</h3>
      <table className="w-full text-sm" data-testid="balances">
        <thead>
          <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
            <th className="py-1 font-medium">{t("money:balances.member")}</th>
            <th className="hidden py-1 text-right font-medium sm:table-cell">{t("money:balances.paid")}</th>
            <th className="hidden py-1 text-right font-medium sm:table-cell">{t("money:balances.share")}</th>
            <th className="py-1 text-right font-medium">{t("money:balances.balance")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {balances.members.map((m) => (
            <tr key={m.memberId} data-testid="balance-row">
              <td className="max-w-0 py-2 pr-2">
                <span className="flex min-w-0 items-center gap-2">
                  <span
                    className="size-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: people.color(m.memberId) }}
                    aria-hidden
                  />
                  <span className="min-w-0">
                    {/* Up to two lines: on a phone the name has the row's width, less the balance. */}
                    <span className="line-clamp-2 break-words" data-user-content>
                      {people.name(m.memberId)}
                    </span>
                    {m.memberId === meId ? (
                      <span className="block text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
                        {t("money:balances.you")}
                      </span>
                    ) : null}
                    {/* A phone has no room for the paid and share columns: they go under the name. */}
                    <span className="block text-xs text-slate-500 tabular-nums sm:hidden dark:text-slate-400">
                      <span className="whitespace-nowrap">
                        {t("money:balances.paid")} {money(m.paid, code)}
                      </span>{" "}
                      ·{" "}
                      <span className="whitespace-nowrap">
                        {t("money:balances.share")} {money(m.share, code)}
                      </span>
                    </span>
                  </span>
                </span>
              </td>
              <td className="hidden py-2 pl-1 text-right tabular-nums sm:table-cell">
                {money(m.paid, code)}
              </td>
              <td className="hidden py-2 pl-1 text-right tabular-nums sm:table-cell">
                {money(m.share, code)}
              </td>
              <td
                className={`py-2 pl-1 text-right font-semibold tabular-nums ${m.balance > 0 ? "text-emerald-700 dark:text-emerald-300" : m.balance < 0 ? "text-red-600 dark:text-red-400" : ""}`}
              >
                {m.balance > 0 ? "+" : ""}
                {money(m.balance, code)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("money:balances.explain")}</p>

      <h3 className="pt-1 text-base font-semibold">{t("money:settle.title")}</h3>
      {balances.settled ? (
        <p
          className="flex items-center gap-2 rounded-2xl bg-emerald-50 px-3 py-2.5 text-sm font-medium text-emerald-800 dark:bg-emerald-900/30 dark:text-emerald-200"
          data-testid="settled"
        >
          <PartyPopper className="size-4" aria-hidden />
          {t("money:settle.allSettled")}
        </p>
      ) : (
        <ul className="space-y-2" data-testid="transfers">
          {balances.transfers.map((tr) => (
            <li
              key={`${tr.fromId}-${tr.toId}`}
              className="flex flex-wrap items-center gap-x-2 gap-y-1.5 rounded-2xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
              data-testid="transfer"
            >
              <span className="flex min-w-[9rem] flex-1 items-center gap-1.5 text-sm">
                <span className="truncate font-medium" data-user-content>
                  {people.name(tr.fromId)}
                </span>
                <ArrowRight className="size-4 shrink-0 text-slate-400" aria-label={t("money:settle.pays")} />
                <span className="truncate font-medium" data-user-content>
                  {people.name(tr.toId)}
                </span>
              </span>
              <span className="text-sm font-semibold tabular-nums">{money(tr.amountMinor, code)}</span>
              <Button size="sm" variant="secondary" className="ml-auto" onClick={() => setSettling(tr)}>
                {t("money:settle.markPaid")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {settling ? (
        <SettleDialog
          tripId={tripId}
          transfer={settling}
          code={code}
          people={people}
          onClose={() => setSettling(null)}
        />
      ) : null}
    </div>
  );
}

function SettleDialog({
  tripId,
  transfer,
  code,
  people,
  onClose,
}: {
  tripId: string;
  transfer: Transfer;
  code: string;
  people: People;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const add = useAddSettlement(tripId);
  const [amount, setAmount] = useState(
    isCurrency(code)
      ? minorToDecimal(transfer.amountMinor, code as CurrencyCode)
      : String(transfer.amountMinor),
  );
  const [date, setDate] = useState(today());
  const parsed = toMinor(amount, code);
  const error = !parsed.ok
    ? t(`money.${AMOUNT_ERROR_MESSAGE[parsed.error]}`, { ns: "server" })
    : parsed.value <= 0
      ? t("server:money.amountRequired")
      : undefined;
  // More than is owed is allowed (paying ahead), but a typo of 999999 for 1364 must not pass unseen.
  const over = !error && parsed.ok && parsed.value > transfer.amountMinor;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.ok || parsed.value <= 0) return;
    add
      .mutateAsync({ fromId: transfer.fromId, toId: transfer.toId, amountMinor: parsed.value, date })
      .then(() => {
        toast.success(t("money:settle.recorded"));
        onClose();
      })
      .catch((err) => toast.error(failure(err, t("money:saveFailed"))));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("money:settle.dialogTitle")}
      description={t("money:settle.dialogText", {
        from: people.name(transfer.fromId),
        to: people.name(transfer.toId),
      })}
    >
      <form onSubmit={submit} className="space-y-4">
        <Field label={t("money:settle.amount", { code })} error={error} hint={t("money:settle.partialHint")}>
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        {over ? (
          <p role="status" className="-mt-2 text-sm text-amber-700 dark:text-amber-300">
            {t("money:settle.moreThanOwed", {
              from: people.name(transfer.fromId),
              to: people.name(transfer.toId),
              amount: money(transfer.amountMinor, code),
            })}
          </p>
        ) : null}
        <Field label={t("money:form.date")}>
          {(id) => (
            <Input id={id} type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t("common:action.cancel")}
          </Button>
          <Button type="submit" disabled={Boolean(error) || add.isPending}>
            {t("money:settle.record")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
