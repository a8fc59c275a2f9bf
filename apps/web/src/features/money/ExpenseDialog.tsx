import {
  EXPENSE_CATEGORIES,
  type Expense,
  type ExpenseCategory,
  isCurrency,
  type MealKindName,
  minorUnits,
  type SplitKind,
  type TripDetail,
} from "@tabi/contracts";
import { Trash2 } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { formatDate } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Dialog } from "../../ui/Dialog";
import { Field, FormError, Input, inputClass, TextArea } from "../../ui/Field";
import { focusFirstError } from "../../ui/focusFirstError";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { useBookings } from "../bookings/api";
import { useActiveResult } from "../itinerary/api";
import { useDeleteExpense, useRate, useSaveExpense } from "./api";
import { currencyLabel, offeredCurrencies } from "./currencies";
import { bodyOf, type ExpenseForm, emptyForm, formOf, preview, withLink, withSplitKind } from "./form";
import {
  CATEGORY_LABELS,
  LINK_LABELS,
  MEAL_LABELS,
  money,
  SPLIT_LABELS,
  today,
  VALUE_LABELS,
} from "./format";
import { failure } from "./MoneyScreen";
import type { People } from "./people";
import { ReceiptPhotos } from "./ReceiptPhotos";
import { useVisitSkippers } from "./skippers";

const SPLIT_KINDS: SplitKind[] = ["equal", "shares", "percent", "exact"];

/**
 * Adds or edits an expense: amount, currency and rate, who paid, the split with a live preview, a link
 * to a booking, a planned visit or a meal, receipt photos.
 */
export function ExpenseDialog({
  tripId,
  detail,
  meId,
  home,
  expense,
  people,
  prefill,
  onClose,
}: {
  tripId: string;
  detail: TripDetail;
  meId: string;
  home: string;
  expense: Expense | null;
  people: People;
  /** A new expense's form from elsewhere ("Add as expense" on a booking), given the empty one. */
  prefill?: (empty: ExpenseForm) => ExpenseForm;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const memberIds = useMemo(() => people.list.map((p) => p.id), [people]);
  const [form, setForm] = useState<ExpenseForm>(() => {
    if (expense) return formOf(expense, memberIds, meId);
    const empty = emptyForm(
      detail.members.map((m) => m.userId),
      meId,
      home,
      defaultDate(detail),
    );
    return prefill ? prefill(empty) : empty;
  });
  const [uploading, setUploading] = useState(false);
  const onUploading = useCallback((busy: boolean) => setUploading(busy), []);
  const skippersOf = useVisitSkippers(tripId);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveExpense(tripId);
  const del = useDeleteExpense(tripId);
  const quote = useRate(tripId, form.currency, home);
  const bookings = useBookings(tripId).data ?? [];
  const plan = useActiveResult(tripId).data;
  const p = preview(form);
  const canEdit = !expense || expense.createdBy?.userId === meId || detail.trip.my.role === "admin";
  const set = (patch: Partial<ExpenseForm>) => setForm((f) => ({ ...f, ...patch }));
  const setValue = (kind: SplitKind, id: string, value: string) =>
    setForm((f) => ({ ...f, values: { ...f.values, [kind]: { ...f.values[kind], [id]: value } } }));
  const msg = (key: string | null | undefined) => (key ? t(`money.${key}`, { ns: "server" }) : undefined);
  const partOf = (id: string) => p.parts?.find((x) => x.memberId === id)?.amountMinor;

  const visits = useMemo(
    () =>
      (plan?.days ?? []).flatMap((d) =>
        d.visits
          .filter((v) => !v.system)
          .map((v) => ({ value: `visit:${v.placeId}:${d.date}`, day: d, name: v.name })),
      ),
    [plan],
  );
  // The plan's meals: a break of its own, or a restaurant added for it (then named).
  const meals = useMemo(
    () =>
      (plan?.days ?? []).flatMap((d) =>
        d.meals
          .filter((m): m is typeof m & { kind: MealKindName } => m.kind in MEAL_LABELS)
          .map((m) => ({
            value: `meal:${d.date}:${m.kind}`,
            day: d.day,
            kind: m.kind,
            at: m.placeId ? d.visits.find((v) => v.placeId === m.placeId)?.name : undefined,
          })),
      ),
    [plan],
  );
  const known =
    !form.link ||
    visits.some((v) => v.value === form.link) ||
    meals.some((m) => m.value === form.link) ||
    bookings.some((b) => `booking:${b.id}` === form.link);
  const linkKind = form.link.split(":")[0] as keyof typeof LINK_LABELS;

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const formEl = e.currentTarget;
    const invalid = () => setTimeout(() => focusFirstError(formEl), 0);
    if (!form.title.trim()) return invalid();
    if (uploading) return;
    const body = bodyOf(form, p, home);
    if (!body) return invalid();
    save
      .mutateAsync({ id: expense?.id, body })
      .then(({ queued }) => {
        toast.success(t(queued ? "money:form.queued" : expense ? "money:form.saved" : "money:form.added"));
        onClose();
      })
      .catch((err) => setServerError(failure(err, t("money:saveFailed"))));
  };

  const quoteText = quote.data?.rate
    ? t(quote.data.source === "table" ? "money:form.rateApprox" : "money:form.rateEcb", {
        from: form.currency,
        to: home,
        rate: quote.data.rate,
        date: quote.data.date ? formatDate(quote.data.date) : "",
      })
    : quote.isFetched
      ? t("money:form.rateNone")
      : undefined;
  const converted =
    p.amountMinor !== null && form.currency !== home
      ? convertedPreview(p.amountMinor, form, quote.data?.rate, home)
      : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(expense ? "money:form.editTitle" : "money:form.addTitle")}
      className="sm:max-w-xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset disabled={!canEdit} className="space-y-4">
          {!canEdit ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("money:form.readOnly")}</p>
          ) : null}
          <Field
            label={t("money:form.title")}
            error={submitted && !form.title.trim() ? msg("titleRequired") : undefined}
          >
            {(id, d) => (
              <Input
                id={id}
                aria-describedby={d}
                value={form.title}
                maxLength={120}
                onChange={(e) => set({ title: e.target.value })}
              />
            )}
          </Field>
          {/* The currency's name beside its code makes the select long: its column stays put and the
              closed select cuts the name, never the dialog's width. */}
          <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,7rem)] gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
            <Field
              label={t("money:form.amount")}
              error={(submitted || form.amount) && p.amountError ? msg(p.amountError) : undefined}
            >
              {(id, d) => (
                <Input
                  id={id}
                  aria-describedby={d}
                  inputMode="decimal"
                  autoComplete="off"
                  value={form.amount}
                  onChange={(e) => set({ amount: e.target.value })}
                />
              )}
            </Field>
            <div className="min-w-0">
              <Field label={t("money:form.currency")}>
                {(id) => (
                  <select
                    id={id}
                    className={`${inputClass} min-w-0 truncate`}
                    value={form.currency}
                    onChange={(e) => set({ currency: e.target.value, rate: "" })}
                  >
                    <option value={home}>{currencyLabel(home, i18n.language)}</option>
                    {offeredCurrencies(form.currency)
                      .filter((c) => c !== home)
                      .map((c) => (
                        <option key={c} value={c}>
                          {currencyLabel(c, i18n.language)}
                        </option>
                      ))}
                  </select>
                )}
              </Field>
            </div>
          </div>
          {form.currency !== home ? (
            <div
              className="space-y-2 rounded-2xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
              data-testid="rate-box"
            >
              {quoteText ? <p className="text-slate-600 dark:text-slate-300">{quoteText}</p> : null}
              <Field
                label={t("money:form.rateTyped", { from: form.currency, to: home })}
                hint={t("money:form.rateHint")}
              >
                {(id, d) => (
                  <Input
                    id={id}
                    aria-describedby={d}
                    inputMode="decimal"
                    placeholder={quote.data?.rate ?? ""}
                    value={form.rate}
                    onChange={(e) => set({ rate: e.target.value })}
                  />
                )}
              </Field>
              {converted ? (
                <p className="font-medium" data-testid="converted">
                  {t("money:form.inHome", { amount: converted })}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            <Field label={t("money:form.date")}>
              {(id) => (
                <Input
                  id={id}
                  type="date"
                  value={form.date}
                  onChange={(e) => set({ date: e.target.value })}
                />
              )}
            </Field>
            <Field label={t("money:form.category")}>
              {(id) => (
                <select
                  id={id}
                  className={inputClass}
                  value={form.category}
                  onChange={(e) => set({ category: e.target.value as ExpenseCategory })}
                >
                  {EXPENSE_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(CATEGORY_LABELS[c])}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>

          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
              {t("money:form.paidBy")}
            </legend>
            <SegmentedTabs
              label={t("money:form.paidBy")}
              value={form.payMode}
              onChange={(payMode) => set({ payMode })}
              options={[
                { value: "one", label: t("money:form.payOne") },
                { value: "several", label: t("money:form.paySeveral") },
              ]}
            />
            {form.payMode === "one" ? (
              <select
                aria-label={t("money:form.payer")}
                className={inputClass}
                value={form.payerId}
                onChange={(e) => set({ payerId: e.target.value })}
              >
                {people.list.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            ) : (
              <ul className="space-y-1.5">
                {people.list.map((m) => (
                  <MemberLine key={m.id} name={m.name} color={m.color} error={msg(p.payerErrors[m.id])}>
                    <Input
                      aria-label={t("money:form.paidAmount", { name: m.name })}
                      inputMode="decimal"
                      className="!w-28 !py-1.5 text-right"
                      value={form.paid[m.id] ?? ""}
                      onChange={(e) => set({ paid: { ...form.paid, [m.id]: e.target.value } })}
                    />
                  </MemberLine>
                ))}
              </ul>
            )}
            <FormError message={msg(p.payersError && p.amountMinor !== null ? p.payersError : null)} />
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
              {t("money:form.split")}
            </legend>
            <SegmentedTabs
              label={t("money:form.split")}
              value={form.splitKind}
              onChange={(kind) => setForm((f) => withSplitKind(f, kind))}
              options={SPLIT_KINDS.map((k) => ({ value: k, label: t(SPLIT_LABELS[k]) }))}
            />
            <ul className="space-y-1.5" data-testid="split-preview">
              {memberIds.map((id) => {
                const part = form.chosen[id] ? partOf(id) : undefined;
                return (
                  <MemberLine
                    key={id}
                    name={people.name(id)}
                    color={people.color(id)}
                    error={form.chosen[id] ? msg(p.entryErrors[id]) : undefined}
                    check={
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        aria-label={t("money:form.include", { name: people.name(id) })}
                        checked={Boolean(form.chosen[id])}
                        onChange={(e) => set({ chosen: { ...form.chosen, [id]: e.target.checked } })}
                      />
                    }
                  >
                    {form.splitKind !== "equal" && form.chosen[id] ? (
                      <span className="flex items-center gap-1">
                        <Input
                          aria-label={t(VALUE_LABELS[form.splitKind], { name: people.name(id) })}
                          inputMode="decimal"
                          className="!w-20 !py-1.5 text-right"
                          value={form.values[form.splitKind][id] ?? ""}
                          onChange={(e) => setValue(form.splitKind, id, e.target.value)}
                        />
                        {form.splitKind === "percent" ? <span className="text-sm">%</span> : null}
                      </span>
                    ) : null}
                    <span className="w-24 shrink-0 text-right text-sm tabular-nums text-slate-600 dark:text-slate-300">
                      {part !== undefined ? money(part, form.currency) : "–"}
                    </span>
                  </MemberLine>
                );
              })}
            </ul>
            <FormError message={msg(p.amountMinor !== null ? p.splitError : null)} />
          </fieldset>

          <Field label={t("money:form.link")}>
            {(id) => (
              <select
                id={id}
                className={inputClass}
                value={form.link}
                onChange={(e) => {
                  const link = e.target.value;
                  setForm((f) => withLink(f, link, { memberIds, skippersOf, bookings }));
                }}
              >
                <option value="">{t("money:form.noLink")}</option>
                {known ? null : (
                  // A saved link the plan no longer shows (the plan changed): kept as it is.
                  <option value={form.link}>{t(LINK_LABELS[linkKind] ?? "money:linked.booking")}</option>
                )}
                {visits.length ? (
                  <optgroup label={t("money:form.visits")}>
                    {visits.map((v) => (
                      <option key={v.value} value={v.value}>
                        {t("money:form.visitOption", { day: v.day.day, name: v.name })}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {meals.length ? (
                  <optgroup label={t("money:form.meals")}>
                    {meals.map((m) => (
                      <option key={m.value} value={m.value}>
                        {m.at
                          ? t("money:form.mealAtOption", {
                              day: m.day,
                              meal: t(MEAL_LABELS[m.kind]),
                              name: m.at,
                            })
                          : t("money:form.mealOption", { day: m.day, meal: t(MEAL_LABELS[m.kind]) })}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {bookings.length ? (
                  <optgroup label={t("money:form.bookings")}>
                    {bookings.map((b) => (
                      <option key={b.id} value={`booking:${b.id}`}>
                        {b.hotelName || b.route || b.flightNumber || t("money:linked.booking")}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </select>
            )}
          </Field>
          <Field label={t("money:form.notes")}>
            {(id) => (
              <TextArea
                id={id}
                rows={2}
                maxLength={1000}
                value={form.notes}
                onChange={(e) => set({ notes: e.target.value })}
              />
            )}
          </Field>
        </fieldset>
        {/* Outside the fieldset: a member who may not change the expense still opens its receipts. */}
        <ReceiptPhotos
          tripId={tripId}
          receipts={form.receipts}
          onChange={(update) => setForm((f) => ({ ...f, receipts: update(f.receipts) }))}
          onBusyChange={onUploading}
          disabled={!canEdit}
        />
        <FormError message={serverError} />
        <div className="flex flex-wrap items-center gap-2">
          {expense && canEdit ? (
            <Button
              variant="ghost"
              className="text-red-600 dark:text-red-400"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 className="size-4" aria-hidden />
              {t("common:action.delete")}
            </Button>
          ) : null}
          <span className="flex-1" />
          <Button variant="ghost" onClick={onClose}>
            {t("common:action.cancel")}
          </Button>
          {canEdit ? (
            <Button type="submit" disabled={save.isPending || uploading}>
              {save.isPending || uploading ? t("common:status.saving") : t("common:action.save")}
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("money:form.deleteTitle")}
        text={t("money:form.deleteText", { title: expense?.title ?? "" })}
        confirmLabel={t("common:action.delete")}
        busy={del.isPending}
        onConfirm={() =>
          expense &&
          del
            .mutateAsync(expense.id)
            .then(() => {
              setConfirmDelete(false);
              onClose();
            })
            .catch((err) => toast.error(failure(err, t("money:saveFailed"))))
        }
      />
    </Dialog>
  );
}

function MemberLine({
  name,
  color,
  error,
  check,
  children,
}: {
  name: string;
  color: string;
  error?: string;
  check?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li className={cn("rounded-xl px-2 py-1", error && "bg-red-50 dark:bg-red-950/40")}>
      <div className="flex items-center gap-2">
        {check}
        <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden />
        <span className="min-w-0 flex-1 truncate text-sm" data-user-content>
          {name}
        </span>
        {children}
      </div>
      {error ? (
        <p role="alert" className="mt-0.5 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** Today when the trip is on, else its first day. */
function defaultDate(detail: TripDetail): string {
  const now = today();
  const { startDate, endDate } = detail.trip;
  if (startDate && endDate && (now < startDate || now > endDate)) return startDate;
  return now;
}

/** The amount in the home currency at the typed rate, else the quoted one (a preview: the server converts). */
function convertedPreview(
  amountMinor: number,
  form: ExpenseForm,
  quoted: string | null | undefined,
  home: string,
) {
  const rate = Number((form.rate.trim() || quoted || "").replace(",", "."));
  if (!Number.isFinite(rate) || rate <= 0 || !isCurrency(form.currency) || !isCurrency(home)) return null;
  const fromExp = decimals(form.currency);
  const toExp = decimals(home);
  const homeMinor = Math.round((amountMinor / 10 ** fromExp) * rate * 10 ** toExp);
  return money(homeMinor, home);
}
const decimals = (code: string) => (isCurrency(code) ? minorUnits(code) : 2);
