// The money screen's addresses, for the screens that lead to it (a small module: no screen code).

/** The search parameter that opens the expense dialog on a booking ("Add as expense"). */
export const BOOKING_PARAM = "expenseFor";
/** The money screen with the expense dialog open on a booking of the current trip. */
export const moneyPathFor = (bookingId: string) =>
  `/my-trip/money?${BOOKING_PARAM}=${encodeURIComponent(bookingId)}`;
/** The printable summary of the current trip's money. */
export const MONEY_PRINT_PATH = "/my-trip/money/print";
