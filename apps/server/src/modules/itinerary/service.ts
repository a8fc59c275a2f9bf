import { randomBytes, randomUUID } from "node:crypto";
import {
  categorizeError,
  FINAL_STAGES,
  type ItineraryEdit,
  OPTIMIZATION_MESSAGES,
  type OptimizationProgress,
  type OptimizationResult,
  type OptimizationSettings,
} from "@tabi/contracts";
import { airportLegMode, legTravelMode, type Problem, type TravelMode } from "@tabi/optimizer";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import { trips } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { type Language, text } from "../../i18n";
import type { OptimizationQueue, QueuedOptimization } from "../../jobs/queue";
import { SolveCancelled, solveInWorker } from "../../jobs/solver";
import { modelRouting, type RoutingProvider } from "../../providers/routing";
import type { TripBus } from "../../realtime/bus";
import { hoursOf } from "../places/opening-hours";
import { skipsOf } from "../places/skips";
import { syncTripZone } from "../trips/zone";
import { withAreas } from "./areas";
import { hotelNightsOf, transportLocks } from "./booked";
import { isOutdoor } from "./daylight";
import { applyEdit } from "./edit";
import { type FlightLookup, flightsFor } from "./flights";
import { itineraryIcs } from "./ics";
import { closedAtWishedTime, presentPlan } from "./present";
import { buildProblem, seedFor, tripDates } from "./problem";
import {
  activeResult,
  latestProgress,
  loadTripForOptimization,
  tripBookings,
  upsertProgress,
} from "./queries";
import { saveEditedDays, saveResult } from "./save";
import { adjustmentMessage } from "./violations";

interface Running {
  jobId: string;
  cancel(): void;
  /** The last progress reported, so polls while it runs need no database read. */
  progress?: OptimizationProgress;
}

/**
 * Whether a job of this process is still under way. It stays in `running` until what follows its plan
 * is done (events, the trip's zone), but once it has said its last stage it is over: a read then said
 * 'running', and a screen that had shown the success overlay went back to the progress overlay, then
 * celebrated the same plan again (seen on a loaded machine).
 */
export const stillRunning = (job: { progress?: { stage: string } }) =>
  !(job.progress && FINAL_STAGES.has(job.progress.stage));
/** A queued or running job reports at least this often; older unfinished progress is a lost job. */
const ALIVE_MS = 60_000;

/**
 * One running optimisation per trip; a second press joins it (issue 6). Jobs run in a worker thread
 * of this process, or, with a queue (scaled mode), in `npm run worker` processes (jobs/queue.ts).
 */
export class OptimizationService {
  private readonly running = new Map<string, Running>();

  /** Optimisations running in this process now (metrics). */
  get runningCount(): number {
    return this.running.size;
  }
  /** Starts still reading the trip: two members pressing at the same moment get one job. */
  private readonly starting = new Map<string, Promise<{ jobId: string; joined: boolean }>>();
  constructor(
    private readonly db: Db,
    private readonly bus: TripBus,
    /** Airports and countries; with `airport(iata)`, booked flights' route codes are found too. */
    private readonly geo: FlightLookup,
    private readonly log: FastifyBaseLogger,
    private readonly queue: OptimizationQueue | null = null,
    private readonly routing: RoutingProvider = modelRouting(),
  ) {
    // A cancel pressed on another server reaches the process running the job through the trip's events.
    bus.subscribeAll((event) => {
      if (event.type === "optimization.cancel") {
        const job = this.running.get(event.tripId);
        if (job?.jobId === event.jobId) job.cancel();
      }
    });
  }

  /** This process's job of the trip, unless it has said its last stage (`stillRunning`). */
  private underway(tripId: string) {
    const job = this.running.get(tripId);
    return job && stillRunning(job) ? job : undefined;
  }

  /** The latest progress, and whether a job of the trip is queued or running here or elsewhere. */
  async status(scope: TripScope): Promise<{ progress: OptimizationProgress | null; running: boolean }> {
    const progress = await this.progress(scope);
    if (this.underway(scope.tripId)) return { progress, running: true };
    const alive =
      this.queue !== null &&
      progress !== null &&
      !FINAL_STAGES.has(progress.stage) &&
      Date.now() - Date.parse(progress.updatedAt) <= ALIVE_MS;
    return { progress, running: alive };
  }

  async start(scope: TripScope, settings: OptimizationSettings): Promise<{ jobId: string; joined: boolean }> {
    if (!scope.canOptimize && scope.role !== "admin") throw forbidden(OPTIMIZATION_MESSAGES.noPermission);
    const pending = this.starting.get(scope.tripId);
    if (pending) return { jobId: (await pending).jobId, joined: true };
    const begun = this.begin(scope, settings);
    this.starting.set(scope.tripId, begun);
    try {
      return await begun;
    } finally {
      this.starting.delete(scope.tripId);
    }
  }

  private async begin(
    scope: TripScope,
    settings: OptimizationSettings,
  ): Promise<{ jobId: string; joined: boolean }> {
    // A finished job still publishing its plan is not joined: a new run starts.
    const current = this.underway(scope.tripId) ?? (this.queue ? await this.unfinished(scope) : null);
    if (current) return { jobId: current.jobId, joined: true };

    const started = Date.now();
    const loaded = await this.load(scope, settings, true);
    if (!loaded.problem.places.length) throw badRequest(OPTIMIZATION_MESSAGES.noPlaces);

    const jobId = randomUUID();
    await this.reporter(scope, jobId, started)("collecting", 0, "Collecting places and wishes");
    if (this.queue)
      await this.queue.send({ tripId: scope.tripId, userId: scope.userId, jobId, settings, started });
    else
      void this.execute(scope, settings, jobId, started, loaded).catch((err) =>
        this.log.error({ err, tripId: scope.tripId }, "optimisation failed"),
      );
    return { jobId, joined: false };
  }

  /** A job taken from the queue by a worker process: the server that queued it checked the caller. */
  async runQueued(job: QueuedOptimization): Promise<void> {
    const scope = { tripId: job.tripId, userId: job.userId, role: "member" } as TripScope;
    await this.execute(scope, job.settings, job.jobId, job.started, undefined, true);
  }

  /** Solves in a worker thread, saves the plan as the active one, marks the places, tells the group. */
  private async execute(
    scope: TripScope,
    settings: OptimizationSettings,
    jobId: string,
    started: number,
    loaded?: Awaited<ReturnType<OptimizationService["load"]>>,
    queued = false,
  ): Promise<void> {
    const report = this.reporter(scope, jobId, started);
    // Cancellable from the first moment: a cancel can arrive while the trip is still being read.
    let cancelled = false;
    let solver: ReturnType<typeof solveInWorker> | undefined;
    this.running.set(scope.tripId, {
      jobId,
      cancel: () => {
        cancelled = true;
        solver?.cancel();
      },
    });
    const stopIfCancelled = () => {
      if (cancelled) throw new SolveCancelled(OPTIMIZATION_MESSAGES.cancelled);
    };
    try {
      if (queued) {
        // Cancelled while it waited in the queue: the server recorded it (cancel below).
        const latest = await latestProgress(this.db, scope);
        if (latest?.jobId === jobId && latest.stage === "cancelled") return;
      }
      const { data, problem, frames, named, tooFar, locks } =
        loaded ?? (await this.load(scope, settings, true));
      stopIfCancelled();
      solver = solveInWorker(problem, {
        seed: 1,
        timeLimitMs: problem.timeLimitMs ?? 2000,
        // The solver's own 'complete' is not the group's: the plan is theirs once saved (below), and a
        // member who read it earlier would find no plan yet.
        onProgress: (stage, percent, message) => {
          // Progress is best effort: a failed write (the database away) must not be an unhandled rejection.
          if (stage !== "complete") report(stage, percent, message).catch(() => {});
        },
      });
      // Each night's area (its town) is looked up while the solver works.
      const areas = withAreas(frames, this.geo, named);
      const plan = await solver.result;
      stopIfCancelled();
      const result = presentPlan(plan, named, data.members, await areas, settings, {
        tooFar,
        locks,
        preferred: new Map(
          data.places.flatMap((p) => (p.preferredTimeOfDay ? [[p.id, p.preferredTimeOfDay]] : [])),
        ),
        closedThen: closedAtWishedTime(
          data.places,
          problem.days.map((d) => d.date),
        ),
      });
      const resultId = await saveResult(
        this.db,
        scope.tripId,
        scope.userId,
        { ...result, executionTimeMs: Date.now() - started },
        data.trip?.bookingsChangedAt?.toISOString() ?? null,
      );
      await report("complete", 100, "Your itinerary is ready", true);
      await this.bus.publish({ type: "optimization.completed", tripId: scope.tripId, jobId, resultId });
      await this.bus.publish({ type: "places.changed", tripId: scope.tripId });
      // The plan's clock is where its places are: a trip made before that rule (or whose places left
      // with an account) is put right here, and its screens told (trips/zone.ts).
      if (await syncTripZone(this.db, scope.tripId))
        await this.bus.publish({ type: "members.changed", tripId: scope.tripId });
    } catch (err) {
      const cancelled = err instanceof SolveCancelled;
      if (!cancelled) this.log.error({ err, tripId: scope.tripId }, "optimisation failed");
      const message = cancelled
        ? OPTIMIZATION_MESSAGES.cancelled
        : (err as Error).message || OPTIMIZATION_MESSAGES.failed;
      await report(cancelled ? "cancelled" : "error", 0, message, true, message).catch(() => {});
    } finally {
      if (this.running.get(scope.tripId)?.jobId === jobId) this.running.delete(scope.tripId);
    }
  }

  /** A job of the trip queued or running in another process (its progress is recent and not final). */
  private async unfinished(scope: TripScope): Promise<{ jobId: string } | null> {
    const row = await latestProgress(this.db, scope);
    if (!row?.jobId || FINAL_STAGES.has(row.stage) || Date.now() - row.updatedAt.getTime() > ALIVE_MS)
      return null;
    return { jobId: row.jobId };
  }

  /** A calendar edit by any member: recomputed with `reschedule`, saved, broadcast; violations reported. */
  async edit(scope: TripScope, edit: ItineraryEdit) {
    const result = await this.active(scope);
    if (!result) throw notFound(text("server:optimization.noItineraryToEdit"));
    const { problem, frames, named, data } = await this.load(scope, result.settings);
    let applied: ReturnType<typeof applyEdit>;
    try {
      applied = applyEdit(problem, frames, result, edit, named);
    } catch (err) {
      if ((err as Error).name === "ProblemError") throw badRequest((err as Error).message);
      throw err;
    }
    const violations = applied.violations.map((v) =>
      adjustmentMessage(v, data.places, applied.days[v.day - 1]?.date),
    );
    // Every member sees what is broken, after a reload too: the days this edit recomputed say it anew.
    const brokenRules = [
      ...(result.brokenRules ?? []).filter((r) => !applied.touched.has(r.day)),
      ...violations.map(({ day, kind, message, placeId, messageKey, messageParams }) => ({
        day,
        kind,
        message,
        ...(placeId ? { placeId } : {}),
        ...(messageKey ? { messageKey, messageParams } : {}),
      })),
    ].sort((a, b) => a.day - b.day);
    await saveEditedDays(this.db, scope.tripId, result.id, {
      days: applied.days,
      unscheduled: applied.unscheduled,
      brokenRules,
    });
    await this.bus.publish({
      type: "itinerary.updated",
      tripId: scope.tripId,
      resultId: result.id,
      byUserId: scope.userId,
    });
    return {
      result: (await this.active(scope))!,
      violations,
    };
  }

  /**
   * The trip as the optimiser's problem: its places and wishes, and its bookings (booked.ts): hotel
   * nights, flights, and transport legs that fix their places' day and time.
   */
  private async load(scope: TripScope, settings: OptimizationSettings, withLocks = false) {
    const [data, booked, skips] = await Promise.all([
      loadTripForOptimization(this.db, scope),
      tripBookings(this.db, scope),
      skipsOf(this.db, scope.tripId),
    ]);
    if (!data.trip) throw badRequest(OPTIMIZATION_MESSAGES.noDeparture);
    // Like members' locks, transport bookings bind the optimiser only: calendar edits move freely.
    const legLocks = withLocks
      ? transportLocks(booked, data.places, tripDates(data.trip.startDate, data.trip.endDate))
      : new Map<string, { date: string; start?: string }>();
    // Visits locked on the current plan are kept by the next one (issue 12); calendar edits move them freely.
    const current = withLocks ? await this.active(scope) : null;
    const locks = lockedVisits(current);
    // ...and the others stay on their days where that costs (nearly) nothing, unless the group asked
    // for another kind of plan (pace, fairness, transport): then the new settings shape it freely.
    const sameKind = current !== null && sameKindOfPlan(current.settings, settings);
    const previous = new Map(
      (sameKind ? current.days : []).flatMap((d) =>
        d.visits.filter((v) => !v.system).map((v) => [v.placeId, d.date] as const),
      ),
    );
    const forProblem = data.places.map((p) => ({
      id: p.id,
      latitude: p.latitude,
      longitude: p.longitude,
      stayMinutes: p.stayDurationMinutes,
      preferredTimeOfDay: p.preferredTimeOfDay,
      // A member who skips a visit gets nothing from it: the plan counts it for those who go (issue 30).
      wishes: data.wishes.filter((w) => w.placeId === p.id && !skips.get(p.id)?.has(w.userId)),
      openingHours: hoursOf(p).value,
      outdoor: isOutdoor(p),
      lock: bookedOrMemberLock(legLocks.get(p.id), locks.get(p.id)),
      previousDate: previous.get(p.id),
    }));
    const hotels = hotelNightsOf(booked);
    const flights = await flightsFor(data.trip, forProblem, this.geo, booked).catch((err: Error) => {
      // Without the airport list the plan still works, from a base near the places.
      this.log.warn({ err, tripId: scope.tripId }, "no flight legs: airport lookup failed");
      return { outbound: null, inbound: null };
    });
    const { problem, frames, tooFar } = buildProblem(data.trip, forProblem, settings, {
      hotels,
      flights,
      seed: seedFor(scope.tripId),
    });
    // Real walking and driving times when a routing server is set (ROUTING_URL); public transport
    // has no OSRM profile and keeps the travel model. A failing server falls back to the model.
    if (this.routing.name === "osrm" && problem.mode !== "public_transport")
      problem.matrixMinutes = await legMatrix(this.routing, problem.locations, problem.mode ?? "car");
    const named = data.places.map((p) => ({
      id: p.id,
      name: p.name,
      latitude: p.latitude,
      longitude: p.longitude,
      category: p.category,
    }));
    return { data, problem, frames, named, tooFar, locks };
  }

  /** The active plan as an .ics file (null: nothing planned yet). */
  async ics(scope: TripScope, lng: Language = "en"): Promise<{ filename: string; body: string } | null> {
    const result = await this.active(scope);
    const [trip] = await this.db.select().from(trips).where(eq(trips.id, scope.tripId));
    if (!result || !trip) return null;
    return {
      filename: `${trip.name.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "trip"}.ics`,
      body: itineraryIcs(trip, result, lng),
    };
  }

  /** A new secret calendar-feed token for the trip (the previous link stops working). */
  async rotateCalendarToken(scope: TripScope): Promise<string> {
    const token = randomBytes(24).toString("base64url");
    await this.db.update(trips).set({ calendarToken: token }).where(eq(trips.id, scope.tripId));
    return token;
  }

  /** The feed behind a secret token: the token itself is the permission (calendar apps cannot sign in). */
  async icsForToken(token: string) {
    if (token.length < 20) return null;
    const [trip] = await this.db.select({ id: trips.id }).from(trips).where(eq(trips.calendarToken, token));
    return trip ? this.ics({ tripId: trip.id } as TripScope) : null;
  }

  async cancel(scope: TripScope): Promise<boolean> {
    const local = this.underway(scope.tripId);
    const remote = local || !this.queue ? null : await this.unfinished(scope);
    if (!local && !remote) return false;
    if (!scope.canOptimize && scope.role !== "admin") throw forbidden(OPTIMIZATION_MESSAGES.noPermission);
    if (local) local.cancel();
    else {
      // Recorded first, so a worker that has not taken the job yet skips it (runQueued).
      const message = OPTIMIZATION_MESSAGES.cancelled;
      await this.reporter(scope, remote!.jobId, Date.now())("cancelled", 0, message, true, message);
      await this.bus.publish({ type: "optimization.cancel", tripId: scope.tripId, jobId: remote!.jobId });
    }
    return true;
  }

  /** Stores progress (throttled, stage changes and the end always) and pushes it to the trip's channel. */
  private reporter(scope: TripScope, jobId: string, started: number) {
    let lastAt = 0;
    let lastStage = "";
    let ended = false;
    // One report after another, and none after the last: a late stage must not overwrite 'cancelled'.
    let queue: Promise<void> = Promise.resolve();
    return (stage: string, percent: number, message: string, final = false, error?: string) => {
      const now = Date.now();
      if (ended || (!final && stage === lastStage && now - lastAt < 150)) return queue;
      ended = final;
      lastAt = now;
      lastStage = stage;
      queue = queue
        .catch(() => {})
        .then(() => this.store(scope, jobId, started, now, stage, percent, message, error));
      return queue;
    };
  }

  private async store(
    scope: TripScope,
    jobId: string,
    started: number,
    now: number,
    stage: string,
    percent: number,
    message: string,
    error?: string,
  ) {
    const row = {
      tripId: scope.tripId,
      userId: scope.userId,
      jobId,
      stage: stage as OptimizationProgress["stage"],
      progressPercentage: Math.round(percent),
      stageMessage: message,
      executionTimeMs: now - started,
      errorMessage: error ?? null,
    };
    await upsertProgress(this.db, row);
    const progress = presentProgress({ ...row, updatedAt: new Date(now) });
    const running = this.running.get(scope.tripId);
    if (running?.jobId === jobId) running.progress = progress;
    await this.bus.publish(
      stage === "error" || stage === "cancelled"
        ? { type: "optimization.failed", tripId: scope.tripId, progress }
        : { type: "optimization.progress", tripId: scope.tripId, progress },
    );
  }

  async progress(scope: TripScope): Promise<OptimizationProgress | null> {
    const running = this.underway(scope.tripId)?.progress;
    if (running) return running;
    const row = await latestProgress(this.db, scope);
    return row ? presentProgress(row) : null;
  }

  async active(scope: TripScope): Promise<OptimizationResult | null> {
    const found = await activeResult(this.db, scope);
    if (!found) return null;
    const row = found.result;
    const route = row.optimizedRoute as Pick<OptimizationResult, "days" | "unscheduled" | "brokenRules"> & {
      bookingsAt?: string | null;
    };
    // Out of date: a booking was written after the bookings this plan was made with (or, for a plan
    // made before any booking or before issue 17, after it was made).
    const changedAt = found.bookingsChangedAt?.getTime();
    const madeWith =
      route.bookingsAt === undefined ? row.createdAt.getTime() : Date.parse(route.bookingsAt ?? "") || null;
    const bookingsChanged = changedAt !== undefined && (madeWith === null || changedAt > madeWith);
    return {
      id: row.id,
      tripId: row.tripId,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      executionTimeMs: row.executionTimeMs,
      settings: row.settings as OptimizationSettings,
      days: route.days ?? [],
      unscheduled: route.unscheduled ?? [],
      scores: row.optimizationScore as OptimizationResult["scores"],
      totalTravelMinutes: row.totalTravelTimeMinutes,
      totalVisitMinutes: row.totalVisitTimeMinutes,
      bookingsChanged,
      ...(route.brokenRules?.length ? { brokenRules: route.brokenRules } : {}),
    };
  }
}

/**
 * Routed minutes between the problem's locations by the group's mode, except legs from or to an
 * airport, which take the airport mode's times (`legTravelMode`, as the optimiser's own model does).
 */
export async function legMatrix(
  routing: RoutingProvider,
  locations: Problem["locations"],
  mode: TravelMode,
): Promise<number[][]> {
  const byMode = await routing.matrix(locations, mode);
  const ride = airportLegMode(mode);
  if (ride === mode || !locations.some((l) => l.kind === "airport")) return byMode;
  const riding = await routing.matrix(locations, ride);
  return byMode.map((row, a) =>
    row.map((minutes, b) =>
      legTravelMode(mode, locations[a]!, locations[b]!) === mode ? minutes : riding[a]![b]!,
    ),
  );
}

/** A transport booking fixes its places (booked.ts); a member's lock stands where the booking leaves room. */
function bookedOrMemberLock(
  booked: { date: string; start?: string } | undefined,
  member: PlaceLock | undefined,
): { date: string; start?: string } | undefined {
  if (!booked) return member;
  if (member && member.date === booked.date && !booked.start) return member;
  return booked;
}

function presentProgress(row: {
  jobId: string | null;
  stage: OptimizationProgress["stage"];
  progressPercentage: number;
  stageMessage: string | null;
  userId: string;
  executionTimeMs: number | null;
  errorMessage: string | null;
  updatedAt: Date;
}): OptimizationProgress {
  return {
    jobId: row.jobId ?? "",
    stage: row.stage,
    percent: row.progressPercentage,
    message: row.stageMessage,
    startedBy: row.userId,
    executionTimeMs: row.executionTimeMs,
    error: row.errorMessage ? { ...categorizeError(row.errorMessage), message: row.errorMessage } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type PlaceLock = { date: string; start?: string; kind: "day" | "time" };

/** The locked visits of a plan: date, and start time for a "time" lock. */
function lockedVisits(result: OptimizationResult | null): Map<string, PlaceLock> {
  const out = new Map<string, PlaceLock>();
  for (const day of result?.days ?? [])
    for (const v of day.visits)
      if (v.locked)
        out.set(v.placeId, {
          date: day.date,
          kind: v.locked,
          ...(v.locked === "time" ? { start: v.start } : {}),
        });
  return out;
}

/** Settings that ask for a different plan, not the same one again (issue 26: the pace must show). */
function sameKindOfPlan(before: Partial<OptimizationSettings>, now: OptimizationSettings): boolean {
  return (
    (before.pace ?? "balanced") === (now.pace ?? "balanced") &&
    before.fairnessWeight === now.fairnessWeight &&
    before.preferredTransport === now.preferredTransport
  );
}
