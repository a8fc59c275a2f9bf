import {
  type Allocation,
  AMOUNT_ERROR_MESSAGE,
  type CurrencyCode,
  checkPayers,
  type Expense,
  type ExpenseCategory,
  type ExpenseInput,
  isCurrency,
  type MoneyMessageKey,
  minorToDecimal,
  SPLIT_ERROR_MESSAGE,
  type SplitKind,
  type SplitSpec,
  splitTotal,
  toMinor,
} from "@tabi/contracts";

// The expense dialog's form as typed (strings, so nothing typed is lost while it is wrong), its live
// preview (each member's part, or the contracts' error beside the entry) and the API body it makes.

export interface ExpenseForm {
  title: string;
  amount: string;
  currency: string;
  date: string;
  category: ExpenseCategory;
  /** One payer (the whole amount) or several with the amounts each paid. */
  payMode: "one" | "several";
  payerId: string;
  /** Amounts paid, typed in major units, by member id (several payers). */
  paid: Record<string, string>;
  splitKind: SplitKind;
  /** Members the expense is split among. */
  chosen: Record<string, boolean>;
  /** The value typed for each member: shares, a percentage or an amount in major units. */
  values: Record<SplitKind, Record<string, string>>;
  /** "", "booking:<id>" or "visit:<placeId>:<date>". */
  link: string;
  notes: string;
  /** The rate typed by the member ("" = the quoted one). */
  rate: string;
}

/** A new expense: paid by me, split equally among everyone, in the home currency. */
export function emptyForm(memberIds: string[], meId: string, currency: string, date: string): ExpenseForm {
  const all = (v: string) => Object.fromEntries(memberIds.map((id) => [id, v]));
  return {
    title: "",
    amount: "",
    currency,
    date,
    category: "food",
    payMode: "one",
    payerId: meId,
    paid: all(""),
    splitKind: "equal",
    chosen: Object.fromEntries(memberIds.map((id) => [id, true])),
    values: { equal: {}, shares: all("1"), percent: all(""), exact: all("") },
    link: "",
    notes: "",
    rate: "",
  };
}

const decimal = (minor: number, code: string) =>
  isCurrency(code) ? minorToDecimal(minor, code as CurrencyCode) : String(minor);

/** The form of a saved expense (editing), with every member of the trip offered. */
export function formOf(expense: Expense, memberIds: string[], meId: string): ExpenseForm {
  const ids = [...new Set([...memberIds, ...expense.split.entries.map((e) => e.memberId)])];
  const form = emptyForm(ids, meId, expense.currency, expense.date);
  const single = expense.payers.length === 1;
  form.title = expense.title;
  form.amount = decimal(expense.amountMinor, expense.currency);
  form.category = expense.category;
  form.payMode = single ? "one" : "several";
  form.payerId = expense.payers[0]?.memberId ?? meId;
  for (const p of expense.payers) form.paid[p.memberId] = decimal(p.amountMinor, expense.currency);
  form.splitKind = expense.split.kind;
  form.chosen = Object.fromEntries(ids.map((id) => [id, false]));
  for (const e of expense.split.entries) {
    form.chosen[e.memberId] = true;
    if ("shares" in e) form.values.shares[e.memberId] = String(e.shares);
    else if ("percent" in e) form.values.percent[e.memberId] = String(e.percent);
    else if ("amountMinor" in e) form.values.exact[e.memberId] = decimal(e.amountMinor, expense.currency);
  }
  const link = expense.link;
  form.link =
    link?.kind === "booking"
      ? `booking:${link.bookingId}`
      : link?.kind === "visit"
        ? `visit:${link.placeId}:${link.date ?? ""}`
        : "";
  form.notes = expense.notes ?? "";
  if (expense.home.rateSource === "typed" && expense.home.rate) form.rate = expense.home.rate;
  return form;
}

/** What the form says, checked: each member's part, or the messages to show beside the entries. */
export interface Preview {
  amountMinor: number | null;
  /** The message key (catalogue "server:money.<key>") of the amount, when it cannot be read. */
  amountError: MoneyMessageKey | null;
  /** Messages beside a member's entry (split value or amount paid), by member id. */
  entryErrors: Record<string, MoneyMessageKey>;
  payerErrors: Record<string, MoneyMessageKey>;
  /** A message about the split or the payers as a whole. */
  splitError: MoneyMessageKey | null;
  payersError: MoneyMessageKey | null;
  /** Each chosen member's part in minor units, when the split is valid. */
  parts: Allocation[] | null;
  spec: SplitSpec | null;
  payers: Allocation[] | null;
}

const number = (text: string) => (text.trim() === "" ? 0 : Number(text.trim().replace(",", ".")));

export function preview(form: ExpenseForm): Preview {
  const out: Preview = {
    amountMinor: null,
    amountError: null,
    entryErrors: {},
    payerErrors: {},
    splitError: null,
    payersError: null,
    parts: null,
    spec: null,
    payers: null,
  };
  const amount = toMinor(form.amount, form.currency);
  if (amount.ok) out.amountMinor = amount.value;
  else out.amountError = AMOUNT_ERROR_MESSAGE[amount.error];
  const total = out.amountMinor;

  const chosen = Object.keys(form.chosen).filter((id) => form.chosen[id]);
  const typed = form.values[form.splitKind];
  let spec: SplitSpec | null = null;
  if (form.splitKind === "equal") spec = { kind: "equal", entries: chosen.map((memberId) => ({ memberId })) };
  else if (form.splitKind === "shares")
    spec = {
      kind: "shares",
      entries: chosen.map((memberId) => ({ memberId, shares: number(typed[memberId] ?? "") })),
    };
  else if (form.splitKind === "percent")
    spec = {
      kind: "percent",
      entries: chosen.map((memberId) => ({ memberId, percent: number(typed[memberId] ?? "") })),
    };
  else {
    const entries: { memberId: string; amountMinor: number }[] = [];
    for (const memberId of chosen) {
      const text = typed[memberId] ?? "";
      const r = text.trim() === "" ? ({ ok: true, value: 0 } as const) : toMinor(text, form.currency);
      if (r.ok) entries.push({ memberId, amountMinor: r.value });
      else out.entryErrors[memberId] = AMOUNT_ERROR_MESSAGE[r.error];
    }
    spec = Object.keys(out.entryErrors).length ? null : { kind: "exact", entries };
  }
  out.spec = spec;
  if (spec && total !== null) {
    const split = splitTotal(total, spec);
    if (split.ok) out.parts = split.value;
    else if (split.error.memberId)
      out.entryErrors[split.error.memberId] = SPLIT_ERROR_MESSAGE[split.error.code];
    else out.splitError = SPLIT_ERROR_MESSAGE[split.error.code];
  } else if (spec && chosen.length === 0) out.splitError = "noneChosen";

  if (form.payMode === "one") {
    if (!form.payerId) out.payersError = "noPayer";
    else if (total !== null) out.payers = [{ memberId: form.payerId, amountMinor: total }];
  } else {
    const payers: Allocation[] = [];
    for (const [memberId, text] of Object.entries(form.paid)) {
      if (text.trim() === "") continue;
      const r = toMinor(text, form.currency);
      if (r.ok) payers.push({ memberId, amountMinor: r.value });
      else out.payerErrors[memberId] = AMOUNT_ERROR_MESSAGE[r.error];
    }
    if (Object.keys(out.payerErrors).length === 0 && total !== null) {
      const checked = checkPayers(total, payers);
      if (checked.ok) out.payers = checked.value;
      else if (checked.error.memberId)
        out.payerErrors[checked.error.memberId] = SPLIT_ERROR_MESSAGE[checked.error.code];
      else out.payersError = SPLIT_ERROR_MESSAGE[checked.error.code];
    }
  }
  return out;
}

/** The API body, or null while the preview has an error. */
export function bodyOf(form: ExpenseForm, p: Preview, home: string): ExpenseInput | null {
  if (p.amountMinor === null || !p.parts || !p.payers || !p.spec) return null;
  const [kind, a, b] = form.link.split(":");
  const link =
    kind === "booking" && a
      ? { kind: "booking" as const, bookingId: a }
      : kind === "visit" && a
        ? { kind: "visit" as const, placeId: a, date: b || null }
        : null;
  const rate =
    form.currency !== home && form.rate.trim() ? { value: form.rate.trim(), source: "typed" as const } : null;
  return {
    title: form.title,
    amountMinor: p.amountMinor,
    currency: form.currency,
    date: form.date,
    category: form.category,
    payers: p.payers.filter((x) => x.amountMinor > 0 || p.payers!.length === 1),
    split: p.spec as ExpenseInput["split"],
    link,
    notes: form.notes.trim() || null,
    ...(rate ? { rate } : {}),
  };
}

/** Percentages of 100 shared evenly with 2 decimals, the extra hundredths to the first (33.34, 33.33, 33.33). */
export function evenPercents(ids: string[]): Record<string, string> {
  if (ids.length === 0) return {};
  const base = Math.floor(10_000 / ids.length);
  let extra = 10_000 - base * ids.length;
  const out: Record<string, string> = {};
  for (const id of ids) {
    const h = base + (extra-- > 0 ? 1 : 0);
    out[id] = String(h / 100);
  }
  return out;
}

/** The form with another split kind; percentages start even when none is typed yet. */
export function withSplitKind(form: ExpenseForm, kind: SplitKind): ExpenseForm {
  const chosen = Object.keys(form.chosen).filter((id) => form.chosen[id]);
  const typed = chosen.some((id) => (form.values.percent[id] ?? "").trim() !== "");
  if (kind !== "percent" || typed) return { ...form, splitKind: kind };
  return { ...form, splitKind: kind, values: { ...form.values, percent: evenPercents(chosen) } };
}
