import { type Balances, type Expense, isCurrency, minorToDecimal, type Settlement } from "@tabi/contracts";

/** A spreadsheet cell: quoted, quotes doubled, and a leading =+-@ defused (no formula injection). */
function cell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === "string") s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

const amount = (minor: number, currency: string) =>
  isCurrency(currency) ? minorToDecimal(minor, currency) : String(minor);

/**
 * The trip's money as CSV (issue 29): one row per expense and per settlement, amounts in their
 * currency and in the home currency, who paid and each member's share by name.
 */
export function moneyCsv(
  list: { currency: string; expenses: Expense[]; settlements: Settlement[] },
  balances: Balances,
  _categories: readonly string[],
): string {
  const names = new Map(balances.members.map((m) => [m.memberId, m.member?.name ?? m.memberId]));
  const who = (parts: { memberId: string; amountMinor: number }[], currency: string) =>
    parts.map((p) => `${names.get(p.memberId) ?? p.memberId}: ${amount(p.amountMinor, currency)}`).join("; ");
  const header = [
    "type",
    "date",
    "title",
    "category",
    "amount",
    "currency",
    "home amount",
    "home currency",
    "rate",
    "paid by",
    "split",
    "notes",
  ];
  const rows: string[] = [header.map(cell).join(",")];
  for (const e of list.expenses)
    rows.push(
      [
        "expense",
        e.date,
        e.title,
        e.category,
        amount(e.amountMinor, e.currency),
        e.currency,
        amount(e.home.amountMinor, e.home.currency),
        e.home.currency,
        e.home.rate ?? "",
        who(e.payers, e.currency),
        who(e.shares, e.currency),
        e.notes ?? "",
      ]
        .map(cell)
        .join(","),
    );
  for (const s of list.settlements)
    rows.push(
      [
        "settlement",
        s.date,
        s.note ?? "",
        "",
        amount(s.amountMinor, s.currency),
        s.currency,
        amount(s.amountMinor, s.currency),
        s.currency,
        "",
        names.get(s.fromId) ?? s.fromId,
        names.get(s.toId) ?? s.toId,
        "",
      ]
        .map(cell)
        .join(","),
    );
  return `\uFEFF${rows.join("\r\n")}\r\n`;
}
