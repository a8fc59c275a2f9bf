import { randomBytes, randomUUID } from "node:crypto";
import {
  categorizeError,
  type ItineraryEdit,
  OPTIMIZATION_MESSAGES,
  type OptimizationProgress,
  type OptimizationResult,
  type OptimizationSettings,
} from "@tabi/contracts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import { trips } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { SolveCancelled, solveInWorker } from "../../jobs/solver";
import type { GeoLookup } from "../../providers/places";
import type { TripBus } from "../../realtime/bus";
import { applyEdit } from "./edit";
import { flightsFor } from "./flights";
import { itineraryIcs } from "./ics";
import { presentPlan } from "./present";
import { buildProblem } from "./problem";
import {
  activeResult,
  hotelNights,
  latestProgress,
  loadTripForOptimization,
  upsertProgress,
} from "./queries";
import { saveEditedDays, saveResult } from "./save";

interface Running {
  jobId: string;
  cancel(): void;
  /** The last progress reported, so polls while it runs need no database read. */
  progress?: OptimizationProgress;
}

/** One running optimisation per trip; a second press joins it (issue 6). In-process in embedded mode. */
export class OptimizationService {
  private readonly running = new Map<string, Running>();
  constructor(
    private readonly db: Db,
    private readonly bus: TripBus,
    private readonly geo: GeoLookup,
    private readonly log: FastifyBaseLogger,
  ) {}

  isRunning(tripId: string) {
    return this.running.has(tripId);
  }

  async start(scope: TripScope, settings: OptimizationSettings): Promise<{ jobId: string; joined: boolean }> {
    if (!scope.canOptimize && scope.role !== "admin") throw forbidden(OPTIMIZATION_MESSAGES.noPermission);
    const current = this.running.get(scope.tripId);
    if (current) return { jobId: current.jobId, joined: true };

    const started = Date.now();
    const { data, problem, frames, named } = await this.load(scope, settings);
    if (!problem.places.length) throw badRequest(OPTIMIZATION_MESSAGES.noPlaces);

    const jobId = randomUUID();
    const report = this.reporter(scope, jobId, started);
    await report("collecting", 0, "Collecting places and wishes");
    const job = solveInWorker(problem, {
      seed: 1,
      timeLimitMs: problem.timeLimitMs ?? 2000,
      onProgress: (stage, percent, message) => void report(stage, percent, message),
    });
    this.running.set(scope.tripId, { jobId, cancel: job.cancel });

    job.result
      .then(async (plan) => {
        const result = presentPlan(plan, named, data.members, frames, settings);
        const resultId = await saveResult(this.db, scope.tripId, scope.userId, {
          ...result,
          executionTimeMs: Date.now() - started,
        });
        await report("complete", 100, "Your itinerary is ready", true);
        await this.bus.publish({ type: "optimization.completed", tripId: scope.tripId, jobId, resultId });
        await this.bus.publish({ type: "places.changed", tripId: scope.tripId });
      })
      .catch(async (err: Error) => {
        const cancelled = err instanceof SolveCancelled;
        if (!cancelled) this.log.error({ err, tripId: scope.tripId }, "optimisation failed");
        const message = cancelled
          ? OPTIMIZATION_MESSAGES.cancelled
          : err.message || OPTIMIZATION_MESSAGES.failed;
        await report(cancelled ? "cancelled" : "error", 0, message, true, message).catch(() => {});
      })
      .finally(() => this.running.delete(scope.tripId));
    return { jobId, joined: false };
  }

  /** A calendar edit by any member: recomputed with `reschedule`, saved, broadcast; violations reported. */
  async edit(scope: TripScope, edit: ItineraryEdit) {
    const result = await this.active(scope);
    if (!result) throw notFound("There is no itinerary to edit yet. Optimize first.");
    const { problem, frames, named } = await this.load(scope, result.settings);
    let applied: ReturnType<typeof applyEdit>;
    try {
      applied = applyEdit(problem, frames, result, edit, named);
    } catch (err) {
      if ((err as Error).name === "ProblemError") throw badRequest((err as Error).message);
      throw err;
    }
    await saveEditedDays(this.db, scope.tripId, result.id, {
      days: applied.days,
      unscheduled: applied.unscheduled,
    });
    await this.bus.publish({
      type: "itinerary.updated",
      tripId: scope.tripId,
      resultId: result.id,
      byUserId: scope.userId,
    });
    return { result: (await this.active(scope))!, violations: applied.violations };
  }

  /** The trip as the optimiser's problem: its places and wishes, hotel nights and flights (problem.ts). */
  private async load(scope: TripScope, settings: OptimizationSettings) {
    const data = await loadTripForOptimization(this.db, scope);
    if (!data.trip) throw badRequest(OPTIMIZATION_MESSAGES.noDeparture);
    const forProblem = data.places.map((p) => ({
      id: p.id,
      latitude: p.latitude,
      longitude: p.longitude,
      stayMinutes: p.stayDurationMinutes,
      preferredTimeOfDay: p.preferredTimeOfDay,
      wishes: data.wishes.filter((w) => w.placeId === p.id),
    }));
    const [hotels, flights] = await Promise.all([
      hotelNights(this.db, scope),
      flightsFor(data.trip, forProblem, this.geo).catch((err: Error) => {
        // Without the airport list the plan still works, from a base near the places.
        this.log.warn({ err, tripId: scope.tripId }, "no flight legs: airport lookup failed");
        return { outbound: null, inbound: null };
      }),
    ]);
    const { problem, frames } = buildProblem(data.trip, forProblem, settings, { hotels, flights });
    const named = data.places.map((p) => ({
      id: p.id,
      name: p.name,
      latitude: p.latitude,
      longitude: p.longitude,
      category: p.category,
    }));
    return { data, problem, frames, named };
  }

  /** The active plan as an .ics file (null: nothing planned yet). */
  async ics(scope: TripScope): Promise<{ filename: string; body: string } | null> {
    const result = await this.active(scope);
    const [trip] = await this.db.select().from(trips).where(eq(trips.id, scope.tripId));
    if (!result || !trip) return null;
    return {
      filename: `${trip.name.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "trip"}.ics`,
      body: itineraryIcs(trip, result),
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

  cancel(scope: TripScope): boolean {
    const job = this.running.get(scope.tripId);
    if (!job) return false;
    if (!scope.canOptimize && scope.role !== "admin") throw forbidden(OPTIMIZATION_MESSAGES.noPermission);
    job.cancel();
    return true;
  }

  /** Stores progress (throttled, stage changes and the end always) and pushes it to the trip's channel. */
  private reporter(scope: TripScope, jobId: string, started: number) {
    let lastAt = 0;
    let lastStage = "";
    return async (stage: string, percent: number, message: string, final = false, error?: string) => {
      const now = Date.now();
      if (!final && stage === lastStage && now - lastAt < 150) return;
      lastAt = now;
      lastStage = stage;
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
    };
  }

  async progress(scope: TripScope): Promise<OptimizationProgress | null> {
    const running = this.running.get(scope.tripId)?.progress;
    if (running) return running;
    const row = await latestProgress(this.db, scope);
    return row ? presentProgress(row) : null;
  }

  async active(scope: TripScope): Promise<OptimizationResult | null> {
    const row = await activeResult(this.db, scope);
    if (!row) return null;
    const route = row.optimizedRoute as Pick<OptimizationResult, "days" | "unscheduled">;
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
    };
  }
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
