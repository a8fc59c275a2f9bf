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
