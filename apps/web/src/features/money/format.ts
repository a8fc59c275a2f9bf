import {
  type Booking,
  type CurrencyCode,
  type ExpenseCategory,
  formatMinor,
  isCurrency,
  isTransportBooking,
} from "@tabi/contracts";
import {
  BedDouble,
  CircleEllipsis,
  type LucideIcon,
  ShoppingBag,
  Ticket,
  TrainFront,
  UtensilsCrossed,
} from "lucide-react";
import { i18n } from "../../i18n";
import { intlLocale } from "../../i18n/languages";

/** An amount in minor units as the app's language writes money ("¥4,800", "US$12.50"). */
export const money = (amountMinor: number, code: string) =>
  isCurrency(code)
    ? formatMinor(amountMinor, code as CurrencyCode, intlLocale(i18n.language))
    : `${amountMinor} ${code}`;

export const CATEGORY_ICONS: Record<ExpenseCategory, LucideIcon> = {
  lodging: BedDouble,
  food: UtensilsCrossed,
  transport: TrainFront,
  tickets: Ticket,
  shopping: ShoppingBag,
  other: CircleEllipsis,
};

/** Bar colours of the categories (light and dark alike). */
export const CATEGORY_COLORS: Record<ExpenseCategory, string> = {
  lodging: "#6366f1",
  food: "#f59e0b",
  transport: "#0ea5e9",
  tickets: "#ec4899",
  shopping: "#10b981",
  other: "#94a3b8",
};

/** Today as a calendar date in this browser's time zone. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** Catalogue keys, written out whole so the catalogue check sees each one used. */
export const CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  lodging: "money:category.lodging",
  food: "money:category.food",
  transport: "money:category.transport",
  tickets: "money:category.tickets",
  shopping: "money:category.shopping",
  other: "money:category.other",
};
export const SPLIT_LABELS = {
  equal: "money:split.equal",
  shares: "money:split.shares",
  percent: "money:split.percent",
  exact: "money:split.exact",
} as const;
/** The label of a member's value in a split (shares, a percentage, an amount). */
export const VALUE_LABELS = {
  equal: "money:form.value.shares",
  shares: "money:form.value.shares",
  percent: "money:form.value.percent",
  exact: "money:form.value.exact",
} as const;
export const LINK_LABELS = {
  booking: "money:linked.booking",
  visit: "money:linked.visit",
  meal: "money:linked.meal",
} as const;
export const MEAL_LABELS = {
  breakfast: "money:meal.breakfast",
  lunch: "money:meal.lunch",
  dinner: "money:meal.dinner",
} as const;
const BOOKING_KIND_LABELS = {
  flight: "money:bookingKind.flight",
  hotel: "money:bookingKind.hotel",
  transport: "money:bookingKind.transport",
} as const;

/** A booking in a line: the hotel's name, else its kind with the flight number and route. */
export function bookingTitle(b: Booking): string {
  if (b.bookingType === "hotel" && b.hotelName) return b.hotelName;
  const kind =
    b.bookingType === "hotel" ? "hotel" : isTransportBooking(b.bookingType) ? "transport" : "flight";
  return [i18n.t(BOOKING_KIND_LABELS[kind]), b.flightNumber, b.route].filter(Boolean).join(" · ");
}
