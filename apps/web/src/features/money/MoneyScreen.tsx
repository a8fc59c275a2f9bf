import {
  type Booking,
  EXPENSE_CATEGORIES,
  type Expense,
  type ExpenseCategory,
  type OptimizationResult,
  type Settlement,
} from "@tabi/contracts";
import { Download, Plus, Printer, Trash2, Wallet } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { i18n } from "../../i18n";
import { formatDate } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { inputClass } from "../../ui/Field";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { FullPageSpinner } from "../../ui/Spinner";
import { useMe } from "../auth/session";
import { useBookings } from "../bookings/api";
import { useActiveResult } from "../itinerary/api";
import { PendingScreen } from "../offline/PendingScreen";
import { usePlaces } from "../places/api";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { NoTripSelected } from "../trips/NoTripSelected";
import {
  csvUrl,
  useBalances,
  useDeleteSettlement,
  useExpenses,
  usePendingExpenses,
  useSetHomeCurrency,
} from "./api";
import { BalancesPanel } from "./BalancesPanel";
import { currencyLabel, offeredCurrencies } from "./currencies";
import { ExpenseDialog } from "./ExpenseDialog";
import { type ExpenseForm, formFromBooking } from "./form";
import { bookingTitle, CATEGORY_ICONS, CATEGORY_LABELS, LINK_LABELS, MEAL_LABELS, money } from "./format";
import { MoneyCharts } from "./MoneyCharts";
import { BOOKING_PARAM, MONEY_PRINT_PATH } from "./paths";
import { type People, usePeople } from "./people";
import { ReceiptThumbs } from "./ReceiptPhotos";

/** /my-trip/money: the current trip's expenses, balances and settle-up (issue 29 item 5). */
export default function MoneyScreen() {
  const [tripId] = useCurrentTripId();
  const me = useMe().data;
  if (!tripId || !me) return <NoTripSelected />;
  return <TripMoney tripId={tripId} meId={me.id} />;
}

type Tab = "expenses" | "balances" | "summary";
type Editing = { expense: Expense | null; prefill?: (empty: ExpenseForm) => ExpenseForm } | null;

/** A failed write's message: the server's own (already in the user's language) or a generic one. */
export const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback;

function TripMoney({ tripId, meId }: { tripId: string; meId: string }) {
  const { t } = useTranslation();
  const trip = useTrip(tripId);
  const list = useExpenses(tripId);
  const balances = useBalances(tripId);
  const people = usePeople(trip.data, balances.data);
  const [tab, setTab] = useState<Tab>("expenses");
  const [editing, setEditing] = useState<Editing>(null);
  const [category, setCategory] = useState<ExpenseCategory | "">("");
  const [member, setMember] = useState("");
  const pending = usePendingExpenses(tripId);
  const places = usePlaces(tripId).data?.places;
  const bookings = useBookings(tripId).data;
  const plan = useActiveResult(tripId).data;
  const linkName = (link: Expense["link"]): string | undefined => linkText(link, places, bookings, plan);

  // "Add as expense" on a booking: the dialog opens on it once the bookings are here.
  const [params, setParams] = useSearchParams();
  const forBooking = params.get(BOOKING_PARAM);
  useEffect(() => {
    if (!forBooking || !bookings) return;
    const booking = bookings.find((b) => b.id === forBooking);
    setParams(
      (p) => {
        p.delete(BOOKING_PARAM);
        return p;
      },
      { replace: true },
    );
    if (booking)
      setEditing({
        expense: null,
        prefill: (empty) => formFromBooking(booking, bookingTitle(booking), empty),
      });
  }, [forBooking, bookings, setParams]);

  const expenses = list.data?.expenses;
  const shown = useMemo(
    () =>
      (expenses ?? []).filter(
        (e) =>
          (!category || e.category === category) &&
          (!member ||
            e.payers.some((p) => p.memberId === member) ||
            e.shares.some((s) => s.memberId === member && s.amountMinor > 0)),
      ),
    [expenses, category, member],
  );

  if (trip.isPending || list.isPending) return <PendingScreen reads={[trip, list]} />;
  if (trip.isError || list.isError || !trip.data || !list.data)
    return (
      <EmptyState icon={Wallet} title={t("server:messages.genericErrorTitle")} text={t("money:loadFailed")}>
        <Button variant="secondary" onClick={() => void Promise.all([trip.refetch(), list.refetch()])}>
          {t("common:action.retry")}
        </Button>
      </EmptyState>
    );

  const detail = trip.data;
  const home = list.data.currency;
  const isAdmin = detail.trip.my.role === "admin";
  const total = list.data.expenses.reduce((s, e) => s + e.home.amountMinor, 0);
  const empty = list.data.expenses.length === 0 && list.data.settlements.length === 0 && pending.length === 0;
  const section = (which: Tab) => (tab === which ? "" : "hidden lg:block");

  return (
    <div className="space-y-4">
      <header className="rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-[min(100%,14rem)] flex-1">
            <h2 className="truncate text-xl font-bold tracking-tight" data-user-content>
              {detail.trip.name}
            </h2>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {t("money:totalSpent")}{" "}
              <span
                className="font-semibold text-slate-900 tabular-nums dark:text-slate-100"
                data-testid="money-total"
              >
                {money(total, home)}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {empty ? null : (
              <Link
                to={MONEY_PRINT_PATH}
                className="inline-flex h-10 items-center gap-2 rounded-xl bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700"
              >
                <Printer className="size-4" aria-hidden />
                {t("money:print.open")}
              </Link>
            )}
            <a
              href={csvUrl(tripId)}
              download
              className="inline-flex h-10 items-center gap-2 rounded-xl bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700"
            >
              <Download className="size-4" aria-hidden />
              {t("money:csv")}
            </a>
            <Button onClick={() => setEditing({ expense: null })}>
              <Plus className="size-4" aria-hidden />
              {t("money:add")}
            </Button>
          </div>
        </div>
        <HomeCurrency tripId={tripId} home={home} editable={isAdmin && list.data.expenses.length === 0} />
      </header>

      {empty ? (
        <EmptyState icon={Wallet} title={t("money:emptyTitle")} text={t("money:emptyText")}>
          <Button onClick={() => setEditing({ expense: null })}>
            <Plus className="size-4" aria-hidden />
            {t("money:add")}
          </Button>
        </EmptyState>
      ) : (
        <>
          <SegmentedTabs
            className="lg:hidden"
            label={t("money:sections")}
            value={tab}
            onChange={setTab}
            options={[
              { value: "expenses", label: t("money:tab.expenses") },
              { value: "balances", label: t("money:tab.balances") },
              { value: "summary", label: t("money:tab.summary") },
            ]}
          />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <section className={`min-w-0 space-y-3 ${section("expenses")}`} aria-labelledby="money-expenses">
              <h3 id="money-expenses" className="sr-only lg:not-sr-only lg:text-base lg:font-semibold">
                {t("money:tab.expenses")}
              </h3>
              {pending.length ? (
                <div
                  className="rounded-2xl bg-amber-50 p-3 text-sm ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900"
                  data-testid="pending-expenses"
                >
                  <p className="mb-1 font-medium text-amber-900 dark:text-amber-200">{t("money:pending")}</p>
                  <ul className="space-y-1">
                    {pending.map((e, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: queued items have no id of their own
                      <li key={i} className="flex justify-between gap-2">
                        <span className="truncate" data-user-content>
                          {e.title}
                        </span>
                        <span className="tabular-nums">{money(e.amountMinor, e.currency)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <Filters
                people={people}
                category={category}
                member={member}
                onCategory={setCategory}
                onMember={setMember}
              />
              <ExpenseList
                tripId={tripId}
                expenses={shown}
                settlements={member || category ? [] : list.data.settlements}
                people={people}
                home={home}
                onOpen={(expense) => setEditing({ expense })}
                linkName={linkName}
              />
            </section>
            <div className="min-w-0 space-y-4">
              <section className={section("balances")} aria-label={t("money:tab.balances")}>
                {balances.data ? (
                  <BalancesPanel tripId={tripId} balances={balances.data} people={people} meId={meId} />
                ) : (
                  <FullPageSpinner />
                )}
              </section>
              <section className={section("summary")} aria-label={t("money:tab.summary")}>
                <MoneyCharts expenses={shown} people={people} home={home} />
              </section>
            </div>
          </div>
        </>
      )}
      {editing ? (
        <ExpenseDialog
          tripId={tripId}
          detail={detail}
          meId={meId}
          home={home}
          expense={editing.expense}
          people={people}
          {...(editing.prefill ? { prefill: editing.prefill } : {})}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function HomeCurrency({ tripId, home, editable }: { tripId: string; home: string; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const set = useSetHomeCurrency(tripId);
  if (!editable)
    return (
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        {t("money:homeCurrency", { code: home })}
      </p>
    );
  return (
    <label className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      {t("money:homeCurrencyLabel")}
      <select
        // A native select is as wide as its longest option: held to the line (currency names are long).
        className={`${inputClass} !w-auto max-w-full min-w-0 !py-1.5 sm:max-w-xs`}
        value={home}
        disabled={set.isPending}
        onChange={(e) =>
          set.mutateAsync(e.target.value).catch((err) => toast.error(failure(err, t("money:saveFailed"))))
        }
      >
        {offeredCurrencies(home).map((c) => (
          <option key={c} value={c}>
            {currencyLabel(c, i18n.language)}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters({
  people,
  category,
  member,
  onCategory,
  onMember,
}: {
  people: People;
  category: ExpenseCategory | "";
  member: string;
  onCategory(c: ExpenseCategory | ""): void;
  onMember(m: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-2">
      <select
        aria-label={t("money:filter.category")}
        className={`${inputClass} !py-2`}
        value={category}
        onChange={(e) => onCategory(e.target.value as ExpenseCategory | "")}
      >
        <option value="">{t("money:filter.allCategories")}</option>
        {EXPENSE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(CATEGORY_LABELS[c])}
          </option>
        ))}
      </select>
      <select
        aria-label={t("money:filter.member")}
        className={`${inputClass} !py-2`}
        value={member}
        onChange={(e) => onMember(e.target.value)}
      >
        <option value="">{t("money:filter.everyone")}</option>
        {people.list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}

type Row = { kind: "expense"; item: Expense } | { kind: "settlement"; item: Settlement };

function ExpenseList({
  tripId,
  expenses,
  settlements,
  people,
  home,
  onOpen,
  linkName,
}: {
  tripId: string;
  linkName(link: Expense["link"]): string | undefined;
  expenses: Expense[];
  settlements: Settlement[];
  people: People;
  home: string;
  onOpen(e: Expense): void;
}) {
  const { t } = useTranslation();
  const del = useDeleteSettlement(tripId);
  const [deleting, setDeleting] = useState<Settlement | null>(null);
  const days = useMemo(() => {
    const byDay = new Map<string, Row[]>();
    const add = (date: string, row: Row) => byDay.set(date, [...(byDay.get(date) ?? []), row]);
    for (const e of expenses) add(e.date, { kind: "expense", item: e });
    for (const s of settlements) add(s.date, { kind: "settlement", item: s });
    return [...byDay.entries()].sort((a, b) => (a[0] < b[0] ? 1 : -1));
  }, [expenses, settlements]);

  if (days.length === 0)
    return (
      <p className="rounded-2xl bg-white/70 p-4 text-sm text-slate-500 dark:bg-slate-900/60">
        {t("money:noMatch")}
      </p>
    );
  return (
    <div className="space-y-4">
      {days.map(([date, rows]) => {
        const dayTotal = rows.reduce((s, r) => s + (r.kind === "expense" ? r.item.home.amountMinor : 0), 0);
        return (
          <div key={date} data-testid="money-day">
            <div className="mb-1.5 flex items-baseline justify-between px-1 text-sm">
              <h4 className="font-semibold text-slate-700 dark:text-slate-200">
                {formatDate(date, { weekday: "short", month: "short", day: "numeric" })}
              </h4>
              <span className="text-slate-500 tabular-nums dark:text-slate-400">{money(dayTotal, home)}</span>
            </div>
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
              {rows.map((row) =>
                row.kind === "expense" ? (
                  <ExpenseRow
                    key={row.item.id}
                    expense={row.item}
                    people={people}
                    onOpen={onOpen}
                    linked={linkName(row.item.link)}
                  />
                ) : (
                  <li
                    key={row.item.id}
                    className="flex items-center gap-3 px-3 py-2.5"
                    data-testid="settlement-row"
                  >
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-200">
                      <Wallet className="size-4" aria-hidden />
                    </span>
                    <p className="min-w-0 flex-1 text-sm">
                      {t("money:settlementRow", {
                        from: people.name(row.item.fromId),
                        to: people.name(row.item.toId),
                      })}
                    </p>
                    <span className="text-sm font-semibold tabular-nums">
                      {money(row.item.amountMinor, row.item.currency)}
                    </span>
                    <button
                      type="button"
                      aria-label={t("money:deleteSettlement")}
                      className="rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-red-600 dark:hover:bg-slate-800"
                      onClick={() => setDeleting(row.item)}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </li>
                ),
              )}
            </ul>
          </div>
        );
      })}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("money:deleteSettlementTitle")}
        text={t("money:deleteSettlementText")}
        confirmLabel={t("common:action.delete")}
        busy={del.isPending}
        onConfirm={() =>
          deleting &&
          del
            .mutateAsync(deleting.id)
            .then(() => setDeleting(null))
            .catch((err) => toast.error(failure(err, t("money:saveFailed"))))
        }
      />
    </div>
  );
}

function ExpenseRow({
  expense: e,
  people,
  onOpen,
  linked,
}: {
  expense: Expense;
  people: People;
  onOpen(e: Expense): void;
  /** The linked visit's place or booking, by name. */
  linked?: string;
}) {
  const { t } = useTranslation();
  const Icon = CATEGORY_ICONS[e.category];
  const paidBy =
    e.payers.length === 1
      ? t("money:paidBy", { name: people.name(e.payers[0]!.memberId) })
      : t("money:paidByMany", { count: e.payers.length });
  const converted = e.currency !== e.home.currency;
  return (
    <li className="relative">
      <button
        type="button"
        onClick={() => onOpen(e)}
        className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50 dark:hover:bg-slate-800/60"
        data-testid="expense-row"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100">
          <Icon className="size-4" aria-label={t(CATEGORY_LABELS[e.category])} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium" data-user-content>
            {e.title}
          </span>
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
            {paidBy}
            {e.link ? ` · ${t(LINK_LABELS[e.link.kind])}` : ""}
            {linked ? (
              <>
                {": "}
                <span data-user-content>{linked}</span>
              </>
            ) : null}
          </span>
        </span>
        <span className="shrink-0 text-right tabular-nums">
          <span className="block text-sm font-semibold">{money(e.amountMinor, e.currency)}</span>
          {converted ? (
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {money(e.home.amountMinor, e.home.currency)}
            </span>
          ) : null}
        </span>
      </button>
      {/* Beside the row's button, not in it: each opens its receipt full size. */}
      <ReceiptThumbs receipts={e.receipts} className="px-3 pb-2.5 pl-15" />
    </li>
  );
}

/** The name of what an expense is linked to: the visit's place, the booking, or the meal and its day. */
export function linkText(
  link: Expense["link"],
  places: { id: string; name: string }[] | undefined,
  bookings: Booking[] | undefined,
  plan: OptimizationResult | null | undefined,
): string | undefined {
  if (!link) return undefined;
  if (link.kind === "visit") return places?.find((p) => p.id === link.placeId)?.name;
  if (link.kind === "booking") {
    const b = bookings?.find((x) => x.id === link.bookingId);
    return b ? bookingTitle(b) : undefined;
  }
  const day = plan?.days.find((d) => d.date === link.date);
  const meal = day?.meals.find((m) => m.kind === link.meal);
  const at = meal?.placeId ? day?.visits.find((v) => v.placeId === meal.placeId)?.name : undefined;
  return i18n.t(at ? "money:mealLinkAt" : "money:mealLink", {
    meal: i18n.t(MEAL_LABELS[link.meal]),
    date: formatDate(link.date, { month: "short", day: "numeric" }),
    name: at,
  });
}
