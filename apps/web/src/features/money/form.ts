import {
  type Allocation,
  AMOUNT_ERROR_MESSAGE,
  BOOKING_CURRENCY,
  type Booking,
  type CurrencyCode,
  checkPayers,
  type Expense,
  type ExpenseCategory,
  type ExpenseInput,
  isCurrency,
  isTransportBooking,
  MAX_RECEIPTS_PER_EXPENSE,
  MEAL_KINDS,
  type MealKindName,
  type MoneyMessageKey,
  minorToDecimal,
  minorUnits,
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
  /** "", "booking:<id>", "visit:<placeId>:<date>" or "meal:<date>:<breakfast|lunch|dinner>". */
  link: string;
  notes: string;
  /** Receipt photos: the trip's own upload URLs, in the order added. */
  receipts: string[];
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
    receipts: [],
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
        : link?.kind === "meal"
          ? `meal:${link.date}:${link.meal}`
          : "";
  form.notes = expense.notes ?? "";
  form.receipts = [...expense.receipts];
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

/** The link the form's `link` text names (null: none). */
export function linkOf(text: string): ExpenseInput["link"] {
  const [kind, a, b] = text.split(":");
  if (kind === "booking" && a) return { kind: "booking", bookingId: a };
  if (kind === "visit" && a) return { kind: "visit", placeId: a, date: b || null };
  if (kind === "meal" && a && b && (MEAL_KINDS as readonly string[]).includes(b))
    return { kind: "meal", date: a, meal: b as MealKindName };
  return null;
}

/** The API body, or null while the preview has an error. */
export function bodyOf(form: ExpenseForm, p: Preview, home: string): ExpenseInput | null {
  if (p.amountMinor === null || !p.parts || !p.payers || !p.spec) return null;
  const link = linkOf(form.link);
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
    receipts: form.receipts.slice(0, MAX_RECEIPTS_PER_EXPENSE),
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

/**
 * Who an expense is split among by default: every member but those who skip it. For a linked visit the
 * skippers are the members who said they do not go (the "who's going" of the visit, see skippers.ts);
 * with none known, everyone.
 */
export function splitAmong(
  memberIds: readonly string[],
  skippers: readonly string[],
): Record<string, boolean> {
  const skip = new Set(skippers);
  const chosen = memberIds.filter((id) => !skip.has(id));
  // Everyone skipping would leave nobody to split with: then everyone, and the member chooses.
  return Object.fromEntries(memberIds.map((id) => [id, chosen.length === 0 || !skip.has(id)]));
}

/** The members who skip a planned visit (day and place): [] while nobody said so. */
export type SkippersOf = (visit: { placeId: string; date: string | null }) => readonly string[];

/**
 * The form linked to something else of the plan. A visit or a meal sets the date to its day; a
 * visit splits among those who went unless the member already chose by hand (someone unticked); a
 * booking with a price fills an empty amount with it.
 */
export function withLink(
  form: ExpenseForm,
  text: string,
  ctx: { memberIds: readonly string[]; skippersOf: SkippersOf; bookings: readonly Booking[] },
): ExpenseForm {
  const next: ExpenseForm = { ...form, link: text };
  const link = linkOf(text);
  if (link?.kind === "visit" || link?.kind === "meal") {
    if (link.date) next.date = link.date;
  }
  if (link?.kind === "visit") {
    const untouched = ctx.memberIds.every((id) => form.chosen[id]);
    if (untouched)
      next.chosen = splitAmong(
        ctx.memberIds,
        ctx.skippersOf({ placeId: link.placeId, date: link.date ?? null }),
      );
  }
  if (link?.kind === "booking" && !form.amount.trim()) {
    const booking = ctx.bookings.find((b) => b.id === link.bookingId);
    const price = booking ? bookingPrice(booking) : null;
    if (price) {
      next.amount = price.amount;
      next.currency = price.currency;
      next.rate = "";
    }
  }
  return next;
}

/** Nights between two yyyy-mm-dd dates (0 when either is missing or they are not in order). */
function nights(from: string | null, to: string | null): number {
  if (!from || !to) return 0;
  const n = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * What a booking cost, as the dialog's amount text in its currency's decimals: its price, or for a
 * hotel without one its price per night times the nights. Null when nothing is known.
 */
export function bookingPrice(b: Booking): { amount: string; currency: string } | null {
  const fallback =
    b.bookingType === "hotel"
      ? BOOKING_CURRENCY.hotel
      : isTransportBooking(b.bookingType)
        ? BOOKING_CURRENCY.transport
        : BOOKING_CURRENCY.flight;
  const currency = b.currency && isCurrency(b.currency) ? b.currency : fallback;
  const perNight = b.pricePerNight ?? 0;
  const major =
    b.price != null && b.price > 0
      ? b.price
      : b.bookingType === "hotel" && perNight > 0
        ? perNight * nights(b.checkInDate, b.checkOutDate)
        : 0;
  if (!(major > 0)) return null;
  const minor = Math.round(major * 10 ** minorUnits(currency as CurrencyCode));
  return { amount: minorToDecimal(minor, currency as CurrencyCode), currency };
}

/** The booking's category in money: a hotel is lodging, a flight or transport is transport. */
export const bookingCategory = (b: Booking): ExpenseCategory =>
  b.bookingType === "hotel" ? "lodging" : "transport";

/** The booking's day: check-in for a hotel, departure for the others. */
export const bookingDate = (b: Booking): string | null =>
  b.bookingType === "hotel" ? b.checkInDate : b.departureDate;

/**
 * A new expense for a booking ("Add as expense"): its title, price and currency, its category and
 * day, linked to it; paid by me, split among everyone. `title` names it (the booking's own words).
 */
export function formFromBooking(b: Booking, title: string, base: ExpenseForm): ExpenseForm {
  const price = bookingPrice(b);
  return {
    ...base,
    title: title.slice(0, 120),
    amount: price?.amount ?? "",
    currency: price?.currency ?? base.currency,
    rate: "",
    category: bookingCategory(b),
    date: bookingDate(b) ?? base.date,
    link: `booking:${b.id}`,
  };
}
