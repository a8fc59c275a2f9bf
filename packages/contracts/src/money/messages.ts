import type { RateError } from "./convert";
import type { AmountError } from "./currency";
import type { SplitErrorCode } from "./split";

/**
 * The money texts (issue 29), in English; the catalogues' "money" section says them in en, ja, ko and
 * zh under the same keys. Without placeholders, so the server finds a zod message's key by its words.
 */
export const MONEY_MESSAGES = {
  titleRequired: "Please enter what the expense was for",
  titleTooLong: "Please use at most 120 characters for the title",
  amountRequired: "Please enter an amount greater than 0",
  amountFormat: "Enter an amount like 12.50, without thousands separators",
  amountTooManyDecimals: "This currency does not have that many decimals",
  amountNoDecimals: "This currency has no decimals: enter a whole amount",
  amountTooLarge: "This amount is too large",
  currencyInvalid: "Please choose a currency",
  categoryInvalid: "Please choose a category",
  noneChosen: "Choose at least one member to split with",
  duplicateMember: "A member is listed twice",
  negative: "Amounts, shares and percentages cannot be negative",
  notInteger: "Use whole shares, and amounts with no more decimals than the currency has",
  sharesZero: "Give at least one member a share",
  percentDecimals: "Percentages can have at most 2 decimals",
  percentNot100: "The percentages must add up to 100",
  exactNotTotal: "The amounts must add up to the expense's total",
  noPayer: "Choose who paid",
  payersNotTotal: "The amounts paid must add up to the expense's total",
  rateInvalid: "Please enter a rate greater than 0, like 162.5",
  rateTooPrecise: "A rate can have at most 12 decimals",
  rateRequired: "An expense in another currency needs an exchange rate",
  notesTooLong: "Please keep notes under 1000 characters",
  tooManyReceipts: "An expense keeps at most 5 receipt photos",
  notAMember: "Only members of the trip can pay or share an expense",
  settleSelf: "A member cannot pay themselves",
  expenseNotFound: "Expense not found",
  settlementNotFound: "Settlement not found",
  onlyAuthorOrAdmin: "Only the person who added it or a trip admin can change or delete it",
  homeCurrencyAdminOnly: "Only trip admins can change the home currency",
  homeCurrencyLocked: "The home currency cannot be changed once the trip has expenses",
  tooManyExpenses: "This trip has reached the most expenses and settlements it can keep",
  linkNotInTrip: "The linked booking or visit is not part of this trip",
} as const;
export type MoneyMessageKey = keyof typeof MONEY_MESSAGES;

/** The message key of each split or payers error (catalogue key "money.<key>"). */
export const SPLIT_ERROR_MESSAGE: Record<SplitErrorCode, MoneyMessageKey> = {
  invalidTotal: "amountRequired",
  noneChosen: "noneChosen",
  duplicateMember: "duplicateMember",
  negative: "negative",
  notInteger: "notInteger",
  sharesZero: "sharesZero",
  percentDecimals: "percentDecimals",
  percentNot100: "percentNot100",
  exactNotTotal: "exactNotTotal",
  noPayer: "noPayer",
  payersNotTotal: "payersNotTotal",
};

/** The message key of each typed-amount error (toMinor). */
export const AMOUNT_ERROR_MESSAGE: Record<AmountError, MoneyMessageKey> = {
  empty: "amountRequired",
  format: "amountFormat",
  tooManyDecimals: "amountTooManyDecimals",
  noDecimals: "amountNoDecimals",
  negative: "amountRequired",
  tooLarge: "amountTooLarge",
  unknownCurrency: "currencyInvalid",
};

/** The message key of each rate error (parseRate). */
export const RATE_ERROR_MESSAGE: Record<RateError, MoneyMessageKey> = {
  format: "rateInvalid",
  notPositive: "rateInvalid",
  tooPrecise: "rateTooPrecise",
};
