// Product constants shared by server and web (spec 1 sections 1 and 9).
export const PRODUCT_NAME = "Tabi";

export const PLAN_LIMITS = {
  free: { trips: 3, membersPerTrip: 5, placesPerMemberPerTrip: 10 },
  premium: {
    trips: Number.POSITIVE_INFINITY,
    membersPerTrip: Number.POSITIVE_INFINITY,
    placesPerMemberPerTrip: Number.POSITIVE_INFINITY,
  },
} as const;

export const MAX_MEMBERS_PER_TRIP = 20;
export const TRIP_LIST_CAP = 20;

export const PREMIUM_PLAN = {
  id: "PREMIUM_YEARLY",
  amount: 900,
  currency: "usd",
  interval: "year",
  displayPrice: "$9.00",
  displayInterval: "year",
  taxInclusive: false,
  features: [
    "Unlimited trip creation",
    "Advanced sharing features",
    "Password protection",
    "Access analytics",
    "Priority support",
  ],
} as const;

/** Passwords: better-auth's defaults, stated once so the form can explain them. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// Constants of modules full of schemas, kept here so that a screen needing only the constant does not
// build the module's schemas at start (decision 0026: the web app's first screen loads this module,
// not trips.ts, chat.ts or realtime.ts).
/** The literal the spec uses in the return-place field for a round trip. */
export const SAME_AS_DEPARTURE = "same as departure location";
/** Chat history comes newest first in pages of this size (issue 14). */
export const CHAT_PAGE_SIZE = 50;
/** How long "typing..." shows after the last signal, and how often a typing client repeats it. */
export const TYPING_SHOW_MS = 5000;
export const TYPING_REPEAT_MS = 3000;
