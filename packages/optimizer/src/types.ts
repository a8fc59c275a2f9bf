import type { PointKind, TravelMode } from "./travel";

/** Local wall-clock time "HH:MM". */
export type Hhmm = string;
/** An opening window [open, close]: the whole stay must lie inside it. A close at or before the open is past midnight. */
export type Window = readonly [Hhmm, Hhmm];
/**
 * Opening hours: the same windows every day, or per key where a key is a weekday ("mon".."sun") or a
 * date ("YYYY-MM-DD", which wins over its weekday). A day with no key is closed. Absent: always open.
 */
export type OpeningHours = readonly Window[] | { readonly [weekdayOrDate: string]: readonly Window[] };

export type PreferredTime = "morning" | "noon" | "afternoon" | "night";

export interface Location {
  id: string;
  lat: number;
  lng: number;
  /** Airports and departure/destination points change the mode guess (spec 2 section 4). */
  kind?: PointKind;
}

export interface PlaceInput {
  id: string;
  /** Id of its location in `locations`. */
  location: string;
  stayMinutes: number;
  /** memberId -> wish level 1..5 (several members may wish for one place). */
  wishes: Readonly<Record<string, number>>;
  open?: OpeningHours;
  /**
   * Time-of-day wish: a hard window (the stay starts inside the band) where the plan can keep it; where
   * it cannot, the place is fitted as close to the band as the day allows (`Visit.preferredMissed`).
   */
  preferred?: PreferredTime;
  /** Locked by the group: visited on this date (and starting at `start`), whatever else changes. */
  lock?: { date: string; start?: Hhmm };
  /**
   * The date it had in the group's current plan: a re-optimised plan keeps places on their days
   * where that costs (nearly) nothing, so a small change does not reshuffle the trip (issue 12).
   */
  previousDate?: string;
}

export interface DayInput {
  /** "YYYY-MM-DD"; its weekday selects the opening hours. */
  date: string;
  /** Leave `from` no earlier than this... */
  start: Hhmm;
  /** ...and reach `to` no later than this. */
  end: Hhmm;
  /**
   * Visits end by this time, except those wished for the night (which may run to `end`). Absent: `end`.
   * The day's end for the group; `end` leaves room to get back.
   */
  visitsEnd?: Hhmm;
  from: string;
  to: string;
}

export interface Settings {
  /** 0 = efficiency only (plain TOPTW), 1 = fairness only. Default 0.6. */
  fairnessWeight?: number;
  /** Breakfast, lunch and dinner breaks inside their windows, where the group is. Default true. */
  includeMeals?: boolean;
  /**
   * What travel costs against wishes: 0 (default) only breaks ties, as in the plain TOPTW; 1 makes an
   * hour of travel per day cost about a third of an average place, so among plans of nearly equal wish
   * value the one with less travel wins and neighbours share a day (issue 12).
   */
  travelWeight?: number;
  /**
   * How full a day may be when the trip has room (issue 26): visits and travel per day. "relaxed" keeps
   * days light, "balanced" (default) spreads the load over free days, "packed" fills days as they come.
   */
  pace?: Pace;
}

export type Pace = "relaxed" | "balanced" | "packed";

export interface Problem {
  members: readonly string[];
  locations: readonly Location[];
  /** Travel minutes between locations, in `locations` order. Absent: the default travel model with `mode`. */
  matrixMinutes?: readonly (readonly number[])[];
  mode?: TravelMode;
  places: readonly PlaceInput[];
  days: readonly DayInput[];
  settings?: Settings;
  seed?: number;
  timeLimitMs?: number;
}

export interface Visit {
  placeId: string;
  arrive: Hhmm;
  start: Hhmm;
  end: Hhmm;
  /** Travel of the leg into this place (from the previous place or the day's start point). */
  travelMinutes: number;
  mode: TravelMode;
  /** A time-of-day wish the plan could not keep: the visit is as close to its band as the days allow. */
  preferredMissed?: boolean;
}

export type MealKind = "breakfast" | "lunch" | "dinner";

export interface Meal {
  kind: MealKind;
  start: Hhmm;
  end: Hhmm;
  /** The visit after which it is taken (where the group is); null: at the day's start point. */
  afterPlaceId: string | null;
  /** The meal is this visit (a restaurant added from a meal button): no separate break (issue 17). */
  placeId?: string;
}

export interface PlanDay {
  date: string;
  /** When the group leaves `from`. */
  depart: Hhmm;
  visits: Visit[];
  meals: Meal[];
  /** Arrival at the day's end point, and the last leg. */
  back: Hhmm;
  backTravelMinutes: number;
  backMode: TravelMode;
}

/**
 * Why a place is not in the plan: closed on the trip's days, too far for any day, it fits only at its
 * preferred time and that time is taken, no time left, or others' wishes came first.
 */
export type UnscheduledReason = "closed" | "too_far" | "preferred_time" | "no_time" | "lower_value";

export interface ScoreDetails {
  /** Share of members with at least one wished place visited. */
  user_adoption_balance: number;
  /** Jain's index of the members' shares. */
  wish_satisfaction_balance: number;
  /** Visit time / (visit + travel time). */
  travel_efficiency: number;
  /** Share of visits with a preferred time that start inside it (1 when none has one). */
  time_constraint_compliance: number;
}

/** What efficiency is measured against (and who can be adopted); kept so scores can be re-checked. */
export interface ScoreReference {
  /** Best total wish of an efficiency-only plan. */
  efficiencyBest: number;
  /** Best collected wish of each member planning alone. */
  memberBest: Record<string, number>;
}

export interface Scores {
  total: number;
  fairness: number;
  efficiency: number;
  details: ScoreDetails;
  /** The lowest of `shares`. */
  min_share: number;
  /** Each member's raw share: wish value of their places in the plan over that of all their wishes. */
  shares: Record<string, number>;
  reference: ScoreReference;
  fairnessWeight: number;
  travelMinutes: number;
  visitMinutes: number;
}

export interface Plan {
  days: PlanDay[];
  unscheduled: { placeId: string; reason: UnscheduledReason }[];
  scores: Scores;
  ms: number;
}

export type Stage = "collecting" | "normalizing" | "selecting" | "routing" | "complete";
