import type { ExportJob } from "@tabi/contracts";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import { exportJobs } from "../../db/schema";
import { presentBooking } from "../bookings/present";
import {
  bookingsOf,
  exportCounts,
  feedbackOf,
  messagePage,
  messageTripsOf,
  moneyOf,
  placesOf,
  plansOf,
  profileOf,
  reactionsOf,
  shareLinksOf,
  tripsOf,
  uploadsOf,
  wishesOf,
} from "./export-queries";
import { togetherOf } from "./export-together";

/** Export files are kept this long after their job started, then forgotten. */
export const EXPORT_TTL_MS = 3600_000;
/** Exports running at once in this process; one more waits for a free slot (each is a few reads). */
const MAX_RUNNING = 4;
/** Messages read per statement: a page of the trip's (trip_id, num) index. */
const MESSAGE_PAGE = 2000;
/** The small parts (profile, reactions, links, feedback) count as this many rows each for progress. */
const SMALL_PART = 5;

export const EXPORT_FORMAT = "tabi-account-export";

type Progress = (done: number) => void;

/**
 * Everything of one user, as one JSON value: profile and settings, trips owned and joined with their
 * role and permissions, places added, wishes, plans made, messages written, reactions, bookings,
 * uploads (records), share links made and feedback sent. `progress` hears how many of `total` rows are
 * read so far (`exportCounts` tells the total first).
 */
export async function collectExport(db: Db, userId: string, origin: string, onProgress: Progress) {
  const counts = await exportCounts(db, userId);
  if (!counts) return undefined;
  const total =
    counts.trips +
    counts.places +
    counts.wishes +
    counts.plans +
    counts.messages +
    counts.bookings +
    counts.expenses +
    counts.uploads +
    5 * SMALL_PART;
  let done = 0;
  const step = (rows: number) => {
    done += rows;
    onProgress(Math.min(99, Math.floor((done / Math.max(total, 1)) * 100)));
  };

  const found = await profileOf(db, userId);
  if (!found) return undefined;
  const { user, settings } = found;
  const guest = user.isAnonymous;
  step(SMALL_PART);

  const trips = (await tripsOf(db, userId)).map(({ trip, member }) => ({
    id: trip.id,
    name: trip.name,
    description: trip.description,
    departureLocation: trip.departureLocation,
    destination: trip.destination,
    startDate: trip.startDate,
    endDate: trip.endDate,
    timezone: trip.timezone,
    addPlaceDeadline: trip.addPlaceDeadline,
    totalMembers: trip.totalMembers,
    createdAt: trip.createdAt,
    isOwner: trip.ownerId === userId,
    role: member.role,
    colorIndex: member.assignedColorIndex,
    joinedAt: member.joinedAt,
    permissions: {
      canAddPlaces: member.canAddPlaces,
      canEditPlaces: member.canEditPlaces,
      canOptimize: member.canOptimize,
      canInviteMembers: member.canInviteMembers,
    },
  }));
  step(trips.length);

  const places = (await placesOf(db, userId)).map(({ place: p, tripName }) => ({
    id: p.id,
    tripId: p.tripId,
    tripName,
    name: p.name,
    localName: p.localName,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    countryCode: p.countryCode,
    category: p.category,
    placeType: p.placeType,
    notes: p.notes,
    stayDurationMinutes: p.stayDurationMinutes,
    preferredTimeOfDay: p.preferredTimeOfDay,
    openingHours: p.openingHours,
    rating: p.rating,
    priceLevel: p.priceLevel,
    photos: p.photos.map((u) => (u.startsWith("/") ? origin + u : u)),
    scheduledDate: p.scheduledDate,
    scheduledTimeStart: p.scheduledTimeStart,
    scheduledTimeEnd: p.scheduledTimeEnd,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }));
  step(places.length);

  const wishes = await wishesOf(db, userId);
  step(wishes.length);

  const plans = (await plansOf(db, userId)).map(({ plan, tripName }) => ({
    id: plan.id,
    tripId: plan.tripId,
    tripName,
    isActive: plan.isActive,
    settings: plan.settings,
    score: plan.optimizationScore,
    route: plan.optimizedRoute,
    totalTravelTimeMinutes: plan.totalTravelTimeMinutes,
    totalVisitTimeMinutes: plan.totalVisitTimeMinutes,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
  }));
  step(plans.length);

  // The busy part of a large account: page by page through each trip's index, with progress.
  const messages: unknown[] = [];
  for (const { tripId, tripName } of await messageTripsOf(db, userId)) {
    let after = 0;
    for (;;) {
      const page = await messagePage(db, tripId, userId, after, MESSAGE_PAGE);
      for (const m of page)
        messages.push({
          id: m.id,
          tripId,
          tripName,
          type: m.type,
          content: m.content,
          imageId: m.imageId,
          replyToId: m.replyToId,
          attachment: m.attachment,
          createdAt: m.createdAt,
          editedAt: m.editedAt,
          deletedAt: m.deletedAt,
        });
      step(page.length);
      if (page.length < MESSAGE_PAGE) break;
      after = Number(page[page.length - 1]!.num);
    }
  }

  const reactions = await reactionsOf(db, userId);
  step(SMALL_PART);
  // As the API shows them (prices in major units), without who saved them: that is the user.
  const bookings = (await bookingsOf(db, userId)).map(({ booking, tripName }) => ({
    ...presentBooking({ ...booking, userName: null }),
    userId: undefined,
    userName: undefined,
    tripName,
  }));
  step(bookings.length);
  const money = await moneyOf(db, userId);
  step(money.recorded.length);
  const uploads = (await uploadsOf(db, userId)).map((u) => ({
    ...u,
    url: `${origin}/api/trips/${u.tripId}/uploads/${u.id}`,
  }));
  step(uploads.length);
  const together = await togetherOf(db, userId);
  step(SMALL_PART);
  const shareLinks = await shareLinksOf(db, userId);
  const feedback = await feedbackOf(db, userId);
  step(2 * SMALL_PART);

  return {
    format: EXPORT_FORMAT,
    version: 1,
    exportedAt: new Date().toISOString(),
    exportedFrom: origin,
    profile: {
      id: user.id,
      name: user.name,
      email: guest ? null : user.email,
      emailVerified: user.emailVerified,
      isGuest: guest,
      avatarUrl: user.image,
      isPremium: user.isPremium,
      premiumExpiresAt: user.premiumExpiresAt,
      createdAt: user.createdAt,
      lastActiveAt: user.lastActiveAt,
      language: settings?.language ?? null,
      settings: {
        notifyMessages: settings?.notifyMessages ?? true,
        notifyTripUpdates: settings?.notifyTripUpdates ?? true,
        notifyNewMembers: settings?.notifyNewMembers ?? true,
        notifyReminders: settings?.notifyReminders ?? true,
      },
      subscriptions: found.subscriptions,
    },
    trips,
    places,
    wishes,
    plans,
    messages,
    reactions,
    bookings,
    money,
    together,
    uploads,
    shareLinks,
    feedback,
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof collectExport>>>;

/** A job as any process sees it (the file is read only when it is downloaded). */
export interface Job {
  id: string;
  userId: string;
  status: ExportJob["status"];
  progress: number;
  startedAt: number;
  /** Settles when the job ends, well or not (a job running in another process: at once). */
  done: Promise<void>;
}

/** "tabi-data-2026-11-25.json": the day the export was made (UTC). */
export const exportFileName = (startedAt: number) =>
  `tabi-data-${new Date(startedAt).toISOString().slice(0, 10)}.json`;

/** A running job whose row has not moved for this long was left by a process that stopped. */
const STALE_MS = 60_000;
/** Progress is written at most this often (every row read would be a write). */
const PROGRESS_WRITE_MS = 250;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const jobColumns = {
  id: exportJobs.id,
  userId: exportJobs.userId,
  status: exportJobs.status,
  progress: exportJobs.progress,
  startedAt: exportJobs.startedAt,
  updatedAt: exportJobs.updatedAt,
};

/**
 * Exports of one's data, made in the background and kept in the database for an hour, so any server
 * process reports a job's progress and serves its file (issue 27); each belongs to its user (any other
 * caller finds nothing). One per user: asking again while one runs answers that one; asking after it
 * finished starts a fresh one. A job whose process stopped is reported failed after a minute.
 */
export class ExportJobs {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly timer: NodeJS.Timeout;
  /** Jobs this process runs: their ends. */
  private readonly local = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly origin: string,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = EXPORT_TTL_MS,
  ) {
    this.timer = setInterval(
      () => void this.sweep().catch((err) => log.warn({ err }, "removing old exports failed")),
      Math.min(ttlMs, 60_000),
    );
    this.timer.unref();
  }

  async start(userId: string): Promise<Job> {
    await this.sweep();
    const [current] = await this.db
      .select(jobColumns)
      .from(exportJobs)
      .where(and(eq(exportJobs.userId, userId), eq(exportJobs.status, "running")));
    if (current && !this.stale(current)) return this.toJob(current);
    await this.db.delete(exportJobs).where(eq(exportJobs.userId, userId));
    const [row] = await this.db
      .insert(exportJobs)
      .values({ userId, status: "running", progress: 0 })
      .returning(jobColumns);
    const done = this.run(row!.id, userId);
    this.local.set(row!.id, done);
    void done.finally(() => this.local.delete(row!.id));
    return this.toJob(row!);
  }

  /** The user's job by its id; undefined for an unknown, expired or someone else's job. */
  async get(userId: string, jobId: string): Promise<Job | undefined> {
    if (!UUID.test(jobId)) return undefined;
    const [row] = await this.db
      .select(jobColumns)
      .from(exportJobs)
      .where(and(eq(exportJobs.id, jobId), eq(exportJobs.userId, userId)));
    if (!row || this.expired(row.startedAt.getTime())) return undefined;
    return this.toJob(row);
  }

  /** The finished file of the user's job (undefined while it runs, or for a job not theirs). */
  async file(userId: string, jobId: string): Promise<string | undefined> {
    if (!UUID.test(jobId)) return undefined;
    const [row] = await this.db
      .select({ file: exportJobs.file })
      .from(exportJobs)
      .where(and(eq(exportJobs.id, jobId), eq(exportJobs.userId, userId), eq(exportJobs.status, "ready")));
    return row?.file ?? undefined;
  }

  /** Drops every export of the user (an account that is deleted leaves no file behind). */
  async forget(userId: string): Promise<void> {
    await this.db.delete(exportJobs).where(eq(exportJobs.userId, userId));
  }

  /** Stops the sweep; waits for the jobs running here (a draining process finishes its work). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.allSettled(this.local.values());
  }

  view(job: Job): ExportJob {
    return {
      jobId: job.id,
      status: job.status,
      progress: job.progress,
      expiresAt: new Date(job.startedAt + this.ttlMs).toISOString(),
    };
  }

  private toJob(row: {
    id: string;
    userId: string;
    status: ExportJob["status"];
    progress: number;
    startedAt: Date;
    updatedAt: Date;
  }): Job {
    const failed = this.stale(row);
    return {
      id: row.id,
      userId: row.userId,
      status: failed ? "failed" : row.status,
      progress: row.progress,
      startedAt: row.startedAt.getTime(),
      done: this.local.get(row.id) ?? Promise.resolve(),
    };
  }

  private stale(row: { status: string; updatedAt: Date }) {
    return row.status === "running" && Date.now() - row.updatedAt.getTime() > STALE_MS;
  }

  private expired(startedAt: number) {
    return Date.now() >= startedAt + this.ttlMs;
  }

  private async sweep() {
    await this.db.delete(exportJobs).where(lt(exportJobs.startedAt, new Date(Date.now() - this.ttlMs)));
  }

  private async run(id: string, userId: string): Promise<void> {
    if (this.running >= MAX_RUNNING) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    let written = 0;
    let progress = 0;
    let lastWrite = Date.now();
    let writing: Promise<unknown> = Promise.resolve();
    const touch = (values: Partial<typeof exportJobs.$inferInsert>) =>
      this.db
        .update(exportJobs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(exportJobs.id, id));
    try {
      const data = await collectExport(this.db, userId, this.origin, (p) => {
        progress = Math.max(progress, p);
        if (progress > written && Date.now() - lastWrite >= PROGRESS_WRITE_MS) {
          written = progress;
          lastWrite = Date.now();
          writing = writing.then(() => touch({ progress: written })).catch(() => {});
        }
      });
      if (!data) throw new Error("the user is gone");
      await writing;
      await touch({
        status: "ready",
        progress: 100,
        file: `${JSON.stringify(data, null, 2)}\n`,
      });
    } catch (err) {
      this.log.warn({ err }, "a data export failed");
      await writing;
      await touch({ status: "failed" }).catch(() => {});
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
