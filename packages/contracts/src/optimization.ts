import { z } from "zod";

// Optimisation settings, progress, errors and results (spec 2 s.3, 4, 8, 9).

/**
 * A text the server stores in a plan keeps its English words, and beside them (issue 13, optional so
 * plans stored before still parse) the key of the server catalogue without "server:" and its values,
 * with which each reader's app says it in their language: `reason` + `reasonKey` + `reasonParams`.
 */
export const textParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type TextParams = z.infer<typeof textParamsSchema>;

export const TRANSPORT_MODES = ["walking", "public_transport", "car"] as const;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 09:00");
/** When a day's plan starts and ends (issue 12): visits end by dayEnd, except places wished for the night. */
export const DEFAULT_DAY_START = "09:00";
export const DEFAULT_DAY_END = "20:00";
/**
 * How full the days are (issue 26): relaxed spreads the visits and the travel over the free days,
 * packed fits the most into each day, balanced is between. The optimiser's `Settings.pace`.
 */
export const PACES = ["relaxed", "balanced", "packed"] as const;
export type Pace = (typeof PACES)[number];
export const DEFAULT_PACE: Pace = "balanced";
export const optimizationSettingsSchema = z
  .object({
    fairnessWeight: z.number().min(0).max(1).default(0.6),
    includeMeals: z.boolean().default(true),
    preferredTransport: z.enum(TRANSPORT_MODES).default("public_transport"),
    dayStart: hhmm.default(DEFAULT_DAY_START),
    dayEnd: hhmm.default(DEFAULT_DAY_END),
    // A request without it gets the default; the type keeps it optional, as plans stored before
    // issue 26 have none (read as balanced).
    pace: z.enum(PACES).default(DEFAULT_PACE).optional(),
  })
  .refine((s) => s.dayEnd > s.dayStart && toMinutes(s.dayEnd) - toMinutes(s.dayStart) >= 180, {
    message: "The day must end at least 3 hours after it starts.",
    path: ["dayEnd"],
  });
function toMinutes(hhmm: string) {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}
export type OptimizationSettings = z.output<typeof optimizationSettingsSchema>;

export const OPTIMIZATION_STAGES = ["collecting", "normalizing", "selecting", "routing", "complete"] as const;
export type OptimizationStage = (typeof OPTIMIZATION_STAGES)[number];
/** The stages a run ends with: once one is said, the run is over. */
export const FINAL_STAGES: ReadonlySet<string> = new Set(["complete", "error", "cancelled"]);
export const STAGE_LABELS: Record<OptimizationStage, string> = {
  collecting: "Collecting places and wishes",
  normalizing: "Measuring each member's best plan",
  selecting: "Choosing places fairly",
  routing: "Ordering each day",
  complete: "Done",
};

export const ERROR_CATEGORIES = [
  "NETWORK_ERROR",
  "TIMEOUT_ERROR",
  "VALIDATION_ERROR",
  "PERMISSION_ERROR",
  "RESOURCE_ERROR",
  "EDGE_FUNCTION_ERROR",
  "DATABASE_ERROR",
  "UNKNOWN_ERROR",
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** Spec 2 s.8: the category from keywords of the message; retryable unless validation or permission. */
export function categorizeError(message: string): { category: ErrorCategory; retryable: boolean } {
  const m = message.toLowerCase();
  const category: ErrorCategory = /network|fetch/.test(m)
    ? "NETWORK_ERROR"
    : /timeout|timed out/.test(m)
      ? "TIMEOUT_ERROR"
      : /unauthorized|forbidden|permission/.test(m)
        ? "PERMISSION_ERROR"
        : /validation|invalid|required|not found/.test(m)
          ? "VALIDATION_ERROR"
          : /limit|memory|resource/.test(m)
            ? "RESOURCE_ERROR"
            : /edge function|worker/.test(m)
              ? "EDGE_FUNCTION_ERROR"
              : /database|sql|constraint/.test(m)
                ? "DATABASE_ERROR"
                : "UNKNOWN_ERROR";
  const retryable =
    category === "EDGE_FUNCTION_ERROR"
      ? !/validation/.test(m)
      : !["VALIDATION_ERROR", "PERMISSION_ERROR"].includes(category);
  return { category, retryable };
}

export const progressSchema = z.object({
  jobId: z.string(),
  stage: z.enum([...OPTIMIZATION_STAGES, "error", "cancelled"]),
  percent: z.number(),
  message: z.string().nullable(),
  startedBy: z.string(),
  executionTimeMs: z.number().nullable(),
  error: z
    .object({ category: z.enum(ERROR_CATEGORIES), message: z.string(), retryable: z.boolean() })
    .nullable(),
  updatedAt: z.string(),
});
export type OptimizationProgress = z.infer<typeof progressSchema>;

export const startOptimizationResponseSchema = z.object({ jobId: z.string(), joined: z.boolean() });

const visitSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  arrive: z.string(),
  start: z.string(),
  end: z.string(),
  travelMinutes: z.number(),
  mode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  category: z.string(),
  /** A stop the plan adds itself (an airport of a flight leg): not a trip place, not editable. */
  system: z.enum(["airport"]).optional(),
  /** The booking behind a system stop (a booked flight, issue 17), and its flight number. */
  bookingId: z.string().optional(),
  flightNumber: z.string().optional(),
  /** Locked by a member: re-optimising keeps the visit on its day ("day") or also at its start time ("time"). */
  locked: z.enum(["day", "time"]).optional(),
  /** Why the visit is not where the group wished it (a time-of-day wish the plan could not keep). */
  note: z.string().optional(),
  noteKey: z.string().optional(),
  noteParams: textParamsSchema.optional(),
});
const dayPointSchema = z.object({
  name: z.string(),
  nameKey: z.string().optional(),
  latitude: z.number(),
  longitude: z.number(),
  /** The town the point is in (issue 25): what a hotel search for the night there asks for. */
  area: z.string().optional(),
});
export const itineraryDaySchema = z.object({
  day: z.number(),
  date: z.string(),
  depart: z.string(),
  back: z.string(),
  backTravelMinutes: z.number(),
  backMode: z.string(),
  /**
   * Where the day starts and ends. A base the plan chose is named after its town ("Kyoto"); a name the
   * plan gave without one ("Base", "Hotel") has its nameKey.
   */
  start: dayPointSchema,
  end: dayPointSchema,
  visits: z.array(visitSchema),
  meals: z.array(
    z.object({
      kind: z.string(),
      start: z.string(),
      end: z.string(),
      afterPlaceId: z.string().nullable(),
      /** The meal is taken at this visit (a restaurant added from the meal button): no separate break. */
      placeId: z.string().optional(),
    }),
  ),
});
export type ItineraryDay = z.infer<typeof itineraryDaySchema>;

export const scoresSchema = z.object({
  total: z.number(),
  fairness: z.number(),
  efficiency: z.number(),
  details: z.object({
    user_adoption_balance: z.number(),
    wish_satisfaction_balance: z.number(),
    travel_efficiency: z.number(),
    time_constraint_compliance: z.number(),
  }),
  min_share: z.number(),
  /** Each member's share with their name and colour (not 'User 1'). */
  members: z.array(
    z.object({
      userId: z.string(),
      /** "Former member" (nameKey "plan.formerMember") for someone who left the trip. */
      name: z.string(),
      nameKey: z.string().optional(),
      color: z.string(),
      share: z.number(),
    }),
  ),
});
export type OptimizationScores = z.infer<typeof scoresSchema>;

/**
 * A rule a calendar edit broke (spec 2 'adjustment_message'): a visit outside its opening hours, the
 * day running past its end... in English, with its catalogue key and values for each member's app.
 */
export const violationSchema = z.object({
  kind: z.string(),
  placeId: z.string().optional(),
  message: z.string(),
  messageKey: z.string().optional(),
  messageParams: textParamsSchema.optional(),
});
export const brokenRuleSchema = violationSchema.extend({
  /** Which day of the plan (1-based): an edit of that day replaces its rules. */
  day: z.number().int(),
});
export type BrokenRule = z.infer<typeof brokenRuleSchema>;

export const optimizationResultSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  executionTimeMs: z.number(),
  settings: optimizationSettingsSchema,
  days: z.array(itineraryDaySchema),
  unscheduled: z.array(
    z.object({
      placeId: z.string(),
      name: z.string(),
      /** A code of UNSCHEDULED_REASONS ("too_far"); reasonKey "unscheduled.too_far". */
      reason: z.string(),
      reasonKey: z.string().optional(),
      reasonParams: textParamsSchema.optional(),
    }),
  ),
  scores: scoresSchema,
  totalTravelMinutes: z.number(),
  totalVisitMinutes: z.number(),
  /** Bookings were added, changed or deleted since this plan was optimised (issue 17): offer a re-optimise. */
  bookingsChanged: z.boolean().optional(),
  /**
   * What the calendar edits since the last optimisation left broken, for every member and every later
   * visit, until an edit of that day or a new optimisation mends it (absent: nothing is broken).
   */
  brokenRules: z.array(brokenRuleSchema).optional(),
});
export type OptimizationResult = z.infer<typeof optimizationResultSchema>;

/** Why a place is not in the plan, in the app's words (issue 12: 'too_far'). */
export const UNSCHEDULED_REASONS: Record<string, string> = {
  too_far: "Too far from the rest of the trip",
  closed: "Closed on every day of the trip",
  preferred_time: "Its preferred time of day was already taken on every day",
  no_time: "No time left in the days",
  lower_value: "Other wishes of the group came first",
  removed: "Removed from the plan by a member",
};

export const OPTIMIZATION_MESSAGES = {
  failed: "Optimization failed",
  noPlaces: "Add some places before optimising: there is nothing to plan yet.",
  noPermission: "You do not have permission to optimise this trip.",
  noEditPermission:
    "You do not have permission to change this trip's plan. Ask an admin to allow you to optimise.",
  noDeparture: "No departure location found for trip",
  cancelled: "Operation was cancelled",
} as const;

// Calendar edits (spec 2 'Calendar edit operations'); days are 1-based, indexes 0-based.
export const itineraryEditSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("reorder"),
    day: z.number().int().min(1),
    from: z.number().int().min(0),
    to: z.number().int().min(0),
  }),
  z.object({
    type: z.literal("move"),
    fromDay: z.number().int().min(1),
    index: z.number().int().min(0),
    toDay: z.number().int().min(1),
    toIndex: z.number().int().min(0),
  }),
  z.object({
    type: z.literal("resize"),
    day: z.number().int().min(1),
    placeId: z.string(),
    stayMinutes: z.number().int().min(15).max(1440),
  }),
  z.object({ type: z.literal("remove"), day: z.number().int().min(1), placeId: z.string() }),
  z.object({
    type: z.literal("lock"),
    day: z.number().int().min(1),
    placeId: z.string(),
    /** null unlocks. */
    lock: z.enum(["day", "time"]).nullable(),
  }),
  z.object({
    type: z.literal("insert"),
    day: z.number().int().min(1),
    placeId: z.string(),
    index: z.number().int().min(0),
    stayMinutes: z.number().int().min(15).max(1440).optional(),
    /** A restaurant added from a meal button (issue 17): the visit is that meal, in place of its break. */
    meal: z.enum(["breakfast", "lunch", "dinner"]).optional(),
  }),
]);
export type ItineraryEdit = z.infer<typeof itineraryEditSchema>;

export const itineraryEditResponseSchema = z.object({
  result: optimizationResultSchema,
  violations: z.array(violationSchema),
});
