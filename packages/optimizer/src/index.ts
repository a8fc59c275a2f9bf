/**
 * @tabi/optimizer: turns a group's wishes into a fair, efficient day-by-day itinerary.
 * Pure TypeScript, no I/O: runs in Node, a worker thread and the browser.
 */
export { compile, ProblemError, windowsOn } from "./build";
export { checkPlan, type PlanCheck } from "./check";
export { MEALS, PREFERRED_BANDS } from "./meals";
export type { ReferenceCache } from "./references";
export { reschedule, type ScheduleEdit, type Violation } from "./reschedule";
export { score } from "./score";
export { AbortError, type AbortSignalLike, type SolveOptions, solve, solveSync } from "./solve";
export { STAGE_BANDS, stagePercent } from "./stages";
export { formatHhmm, parseHhmm } from "./time";
export { parseToptw, solveToptw, type ToptwInstance, type ToptwResult } from "./toptw";
export {
  airportLegMode,
  DIALOG_THRESHOLDS,
  type GuessEnd,
  type GuessThresholds,
  guessMode,
  haversineKm,
  type LatLng,
  legMode,
  legTravelMode,
  MAP_THRESHOLDS,
  maxReachKm,
  modeForLeg,
  modeFromText,
  type PointKind,
  TRAVEL_MODEL,
  type TravelMode,
  travelMinutes,
} from "./travel";
export type * from "./types";
