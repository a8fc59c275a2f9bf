import { randomUUID } from "node:crypto";
import type { ExportJob } from "@tabi/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import { presentBooking } from "../bookings/present";
import {
  bookingsOf,
  exportCounts,
  feedbackOf,
  messagePage,
  messageTripsOf,
  placesOf,
  plansOf,
  profileOf,
  reactionsOf,
  shareLinksOf,
  tripsOf,
  uploadsOf,
  wishesOf,
} from "./export-queries";

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
    counts.uploads +
    4 * SMALL_PART;
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
  const uploads = (await uploadsOf(db, userId)).map((u) => ({
    ...u,
    url: `${origin}/api/trips/${u.tripId}/uploads/${u.id}`,
  }));
  step(uploads.length);
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
    uploads,
    shareLinks,
    feedback,
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof collectExport>>>;

interface Job {
  id: string;
  userId: string;
  status: ExportJob["status"];
  progress: number;
  startedAt: number;
  file?: Buffer;
  /** Settles when the job ends, well or not. */
  done: Promise<void>;
}

/** "tabi-data-2026-11-25.json": the day the export was made (UTC). */
export const exportFileName = (startedAt: number) =>
  `tabi-data-${new Date(startedAt).toISOString().slice(0, 10)}.json`;

/**
 * Exports of one's data, made in the background of this process and kept in memory for an hour; each
 * belongs to its user (any other caller finds nothing). One per user: asking again while one runs
 * answers that one; asking after it finished starts a fresh one. In scaled mode (several server
 * processes) a balancer must keep a user on one process (sticky sessions) for the file to be found.
 */
export class ExportJobs {
  private readonly jobs = new Map<string, Job>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly origin: string,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = EXPORT_TTL_MS,
  ) {
    this.timer = setInterval(() => this.sweep(), Math.min(ttlMs, 60_000));
    this.timer.unref();
  }

  start(userId: string): Job {
    this.sweep();
    for (const job of this.jobs.values())
      if (job.userId === userId) {
        if (job.status === "running") return job;
        this.jobs.delete(job.id);
      }
    let settle!: () => void;
    const job: Job = {
      id: randomUUID(),
      userId,
      status: "running",
      progress: 0,
      startedAt: Date.now(),
      done: new Promise<void>((resolve) => {
        settle = resolve;
      }),
    };
    this.jobs.set(job.id, job);
    void this.run(job).finally(settle);
    return job;
  }

  /** The user's job by its id; undefined for an unknown, expired or someone else's job. */
  get(userId: string, jobId: string): Job | undefined {
    const job = this.jobs.get(jobId);
    if (!job || job.userId !== userId) return undefined;
    if (this.expired(job)) {
      this.jobs.delete(job.id);
      return undefined;
    }
    return job;
  }

  /** Drops every export of the user (an account that is deleted leaves no file behind). */
  forget(userId: string): void {
    for (const job of this.jobs.values()) if (job.userId === userId) this.jobs.delete(job.id);
  }

  close(): void {
    clearInterval(this.timer);
    this.jobs.clear();
  }

  view(job: Job): ExportJob {
    return {
      jobId: job.id,
      status: job.status,
      progress: job.progress,
      expiresAt: new Date(job.startedAt + this.ttlMs).toISOString(),
    };
  }

  private expired(job: Job) {
    return Date.now() >= job.startedAt + this.ttlMs;
  }

  private sweep() {
    for (const job of this.jobs.values()) if (this.expired(job)) this.jobs.delete(job.id);
  }

  private async run(job: Job) {
    if (this.running >= MAX_RUNNING) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      const data = await collectExport(this.db, job.userId, this.origin, (p) => {
        job.progress = Math.max(job.progress, p);
      });
      if (!data) throw new Error("the user is gone");
      job.file = Buffer.from(`${JSON.stringify(data, null, 2)}\n`);
      job.progress = 100;
      job.status = "ready";
    } catch (err) {
      this.log.warn({ err }, "a data export failed");
      job.status = "failed";
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
