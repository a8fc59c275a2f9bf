import { EXPENSE_CATEGORIES, type Expense, type ExpenseCategory, PRODUCT_NAME } from "@tabi/contracts";
import { ArrowLeft, Printer, Wallet } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatDateRange, formatPercent } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { FullPageSpinner } from "../../ui/Spinner";
import { useMe } from "../auth/session";
import { useBookings } from "../bookings/api";
import { useActiveResult } from "../itinerary/api";
import { usePlaces } from "../places/api";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { type ExpenseList, useBalances, useExpenses } from "./api";
import { CATEGORY_LABELS, LINK_LABELS, money, SPLIT_LABELS } from "./format";
import { linkText } from "./MoneyScreen";
import { type People, usePeople } from "./people";

/**
 * The printable money summary of the current trip (/my-trip/money/print, outside the app's shell, like
 * the printable itinerary): totals by category, each member's paid, share and balance, the suggested
 * transfers, then every expense and payment. A document for the browser's "Print" or "Save as PDF".
 */
export default function MoneyPrintPage() {
  return (
    <div className="min-h-dvh bg-slate-100 px-3 py-4 text-slate-900 dark:bg-slate-950 dark:text-slate-100 print:bg-white print:p-0">
      {/* A4 with room for the browser's header and footer; a passing toast is not part of the paper. */}
      <style>
        {
          "@page { size: A4; margin: 14mm 12mm; } @media print { [data-sonner-toaster] { display: none !important; } }"
        }
      </style>
      <PrintContent />
    </div>
  );
}

function PrintContent() {
  const { t } = useTranslation();
  const [tripId] = useCurrentTripId();
  const me = useMe();
  if (me.isPending) return <FullPageSpinner />;
  if (!tripId || !me.data)
    return (
      <div className="mx-auto max-w-lg py-6">
        <EmptyState
          icon={Wallet}
          title={t("money:print.unavailable")}
          text={t("money:print.unavailableText")}
        >
          <BackLink />
        </EmptyState>
      </div>
    );
  return <TripSummary tripId={tripId} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/my-trip/money"
      className="inline-flex items-center gap-1.5 rounded-xl px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-white/70 dark:text-brand-100 dark:hover:bg-slate-800"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t("money:print.back")}
    </Link>
  );
}

function TripSummary({ tripId }: { tripId: string }) {
  const { t } = useTranslation();
  const trip = useTrip(tripId);
  const list = useExpenses(tripId);
  const balances = useBalances(tripId);
  const people = usePeople(trip.data, balances.data);
  const name = trip.data?.trip.name;
  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = `${name} · ${t("money:print.title")}`;
    return () => {
      document.title = before;
    };
  }, [name, t]);

  if (trip.isPending || list.isPending || balances.isPending) return <FullPageSpinner />;
  if (!trip.data || !list.data || !balances.data)
    return (
      <div className="mx-auto max-w-lg py-6">
        <EmptyState icon={Wallet} title={t("server:messages.genericErrorTitle")} text={t("money:loadFailed")}>
          <BackLink />
        </EmptyState>
      </div>
    );
  return (
    <>
      <div className="mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center justify-between gap-2 print:hidden">
        <BackLink />
        <Button onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          {t("money:print.button")}
        </Button>
      </div>
      <SummaryDocument
        tripId={tripId}
        name={trip.data.trip.name}
        dates={
          trip.data.trip.startDate ? formatDateRange(trip.data.trip.startDate, trip.data.trip.endDate) : null
        }
        list={list.data}
        balances={balances.data}
        people={people}
      />
    </>
  );
}

function SummaryDocument({
  tripId,
  name,
  dates,
  list,
  balances,
  people,
}: {
  tripId: string;
  name: string;
  dates: string | null;
  list: ExpenseList;
  balances: NonNullable<ReturnType<typeof useBalances>["data"]>;
  people: People;
}) {
  const { t } = useTranslation();
  const home = list.currency;
  const places = usePlaces(tripId).data?.places;
  const bookings = useBookings(tripId).data;
  const plan = useActiveResult(tripId).data;
  const total = list.expenses.reduce((s, e) => s + e.home.amountMinor, 0);
  const byCategory = useMemo(() => {
    const sums = new Map<ExpenseCategory, number>();
    for (const e of list.expenses) sums.set(e.category, (sums.get(e.category) ?? 0) + e.home.amountMinor);
    return EXPENSE_CATEGORIES.filter((c) => sums.get(c)).map((c) => ({ category: c, amount: sums.get(c)! }));
  }, [list.expenses]);
  const rows = useMemo(
    () =>
      [
        ...list.expenses.map((e) => ({ kind: "expense" as const, date: e.date, at: e.createdAt, e })),
        ...list.settlements.map((s) => ({ kind: "settlement" as const, date: s.date, at: s.createdAt, s })),
      ].sort((a, b) => (a.date === b.date ? (a.at < b.at ? -1 : 1) : a.date < b.date ? -1 : 1)),
    [list],
  );
  const th = "py-1.5 pr-2 text-left font-semibold";
  const num = "py-1.5 pl-2 text-right tabular-nums";

  return (
    <article
      className="mx-auto max-w-[210mm] rounded-2xl bg-white p-5 text-slate-900 shadow-lg ring-1 ring-slate-200 sm:p-10 print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0"
      data-testid="money-print"
    >
      <header className="border-b-2 border-brand-700 pb-4">
        <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">
          {PRODUCT_NAME} · {t("money:print.title")}
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight break-words" data-user-content>
          {name}
        </h1>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          {dates ? (
            <div className="flex gap-1.5">
              <dt className="font-medium">{t("money:print.dates")}</dt>
              <dd>{dates}</dd>
            </div>
          ) : null}
          <div className="flex gap-1.5">
            <dt className="font-medium">{t("money:print.total")}</dt>
            <dd className="font-semibold tabular-nums" data-testid="print-total">
              {money(total, home)}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="font-medium">{t("money:print.count")}</dt>
            <dd className="tabular-nums">{list.expenses.length}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-500">{t("money:homeCurrency", { code: home })}</p>
      </header>

      <div className="grid grid-cols-1 gap-x-8 sm:grid-cols-2 print:grid-cols-2">
        <section aria-labelledby="print-categories" className="break-inside-avoid pt-5">
          <h2 id="print-categories" className="mb-2 text-lg font-bold">
            {t("money:chart.byCategory")}
          </h2>
          <table className="w-full text-sm" data-testid="print-categories">
            <tbody>
              {byCategory.map(({ category, amount }) => (
                <tr key={category} className="border-b border-slate-100">
                  <th scope="row" className={th}>
                    {t(CATEGORY_LABELS[category])}
                  </th>
                  <td className={`${num} text-slate-500`}>{formatPercent(total ? amount / total : 0)}</td>
                  <td className={num}>{money(amount, home)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className={th}>
                  {t("money:print.total")}
                </th>
                <td />
                <td className={`${num} font-bold`}>{money(total, home)}</td>
              </tr>
            </tbody>
          </table>
        </section>

        <section aria-labelledby="print-settle" className="break-inside-avoid pt-5">
          <h2 id="print-settle" className="mb-2 text-lg font-bold">
            {t("money:settle.title")}
          </h2>
          {balances.settled ? (
            <p className="text-sm font-medium text-emerald-800">{t("money:settle.allSettled")}</p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="print-transfers">
              {balances.transfers.map((tr) => (
                <li
                  key={`${tr.fromId}-${tr.toId}`}
                  className="flex justify-between gap-2 border-b border-slate-100 py-1"
                >
                  <span data-user-content>
                    {t("money:print.transfer", { from: people.name(tr.fromId), to: people.name(tr.toId) })}
                  </span>
                  <span className="font-semibold tabular-nums">{money(tr.amountMinor, home)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="print-people" className="break-inside-avoid pt-5">
        <h2 id="print-people" className="mb-2 text-lg font-bold">
          {t("money:print.perPerson")}
        </h2>
        <table className="w-full text-sm" data-testid="print-balances">
          <thead className="border-b border-slate-300 text-slate-600">
            <tr>
              <th scope="col" className={th}>
                {t("money:balances.member")}
              </th>
              <th scope="col" className={`${num} font-semibold`}>
                {t("money:balances.paid")}
              </th>
              <th scope="col" className={`${num} font-semibold`}>
                {t("money:balances.share")}
              </th>
              <th scope="col" className={`${num} font-semibold`}>
                {t("money:balances.balance")}
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.members.map((m) => (
              <tr key={m.memberId} className="border-b border-slate-100">
                <th scope="row" className={th} data-user-content>
                  {people.name(m.memberId)}
                </th>
                <td className={num}>{money(m.paid, home)}</td>
                <td className={num}>{money(m.share, home)}</td>
                <td className={`${num} font-semibold`}>
                  {m.balance > 0 ? "+" : ""}
                  {money(m.balance, home)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-1 text-xs text-slate-500">{t("money:balances.explain")}</p>
      </section>

      <section aria-labelledby="print-expenses" className="pt-5">
        <h2 id="print-expenses" className="mb-2 text-lg font-bold">
          {t("money:tab.expenses")}
        </h2>
        <table className="w-full text-sm" data-testid="print-expenses">
          <thead className="border-b border-slate-300 text-slate-600">
            <tr>
              <th scope="col" className={th}>
                {t("money:form.date")}
              </th>
              <th scope="col" className={th}>
                {t("money:print.what")}
              </th>
              <th scope="col" className={`${num} font-semibold`}>
                {t("money:form.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) =>
              r.kind === "expense" ? (
                <ExpenseLine
                  key={r.e.id}
                  e={r.e}
                  people={people}
                  linked={linkText(r.e.link, places, bookings, plan)}
                />
              ) : (
                <tr key={r.s.id} className="break-inside-avoid border-b border-slate-100 align-top">
                  <td className="py-1.5 pr-2 whitespace-nowrap">
                    {formatDate(r.s.date, { month: "short", day: "numeric" })}
                  </td>
                  <td className="py-1.5 pr-2 italic" data-user-content>
                    {t("money:settlementRow", { from: people.name(r.s.fromId), to: people.name(r.s.toId) })}
                  </td>
                  <td className={num}>{money(r.s.amountMinor, r.s.currency)}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </section>

      <footer className="mt-6 border-t border-slate-200 pt-3 text-xs text-slate-500">
        {t("money:print.footer", {
          product: PRODUCT_NAME,
          date: formatDate(new Date(), { dateStyle: "medium" }),
        })}
      </footer>
    </article>
  );
}

function ExpenseLine({ e, people, linked }: { e: Expense; people: People; linked: string | undefined }) {
  const { t } = useTranslation();
  const paidBy = e.payers.map((p) => people.name(p.memberId)).join(", ");
  const among = e.shares.filter((s) => s.amountMinor > 0).map((s) => people.name(s.memberId));
  return (
    <tr className="break-inside-avoid border-b border-slate-100 align-top" data-testid="print-expense">
      <td className="py-1.5 pr-2 whitespace-nowrap">
        {formatDate(e.date, { month: "short", day: "numeric" })}
      </td>
      <td className="py-1.5 pr-2">
        <span className="font-medium" data-user-content>
          {e.title}
        </span>
        <span className="text-slate-500"> · {t(CATEGORY_LABELS[e.category])}</span>
        <span className="block text-xs text-slate-600" data-user-content>
          {t("money:print.paidSplit", {
            payers: paidBy,
            split: t(SPLIT_LABELS[e.split.kind]),
            among: among.join(", "),
          })}
          {e.link ? ` · ${t(LINK_LABELS[e.link.kind])}${linked ? `: ${linked}` : ""}` : ""}
          {e.receipts.length ? ` · ${t("money:print.receipts", { count: e.receipts.length })}` : ""}
        </span>
      </td>
      <td className="py-1.5 pl-2 text-right tabular-nums">
        <span className="block font-semibold">{money(e.amountMinor, e.currency)}</span>
        {e.currency !== e.home.currency ? (
          <span className="block text-xs text-slate-500">{money(e.home.amountMinor, e.home.currency)}</span>
        ) : null}
      </td>
    </tr>
  );
}
