import { hash, verify } from "@node-rs/argon2";
import {
  DEFAULT_SHARE_PERMISSIONS,
  type ItineraryDay,
  SHARE_MESSAGES,
  type ShareAnalytics,
  type ShareCreateInput,
  type SharedExport,
  type SharedTrip,
  type SharedView,
  type ShareLink,
  type SharePermissions,
  type ShareType,
  type ShareUpdateInput,
} from "@tabi/contracts";
import type { Db } from "../../db/connect";
import { AppError, forbidden, notFound } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import { text } from "../../i18n";
import type { Counters } from "../../limits/counters";
import { FailureLimiter } from "../../limits/failure-limiter";
import type { TripBus } from "../../realtime/bus";
import { admitMember } from "../members/admit";
import { isPremiumActive } from "../members/plan";
import { tripZone } from "../trips/zone";
import * as q from "./queries";
import { hashToken, type ShareKeys, TOKEN_SHAPE } from "./token";

/** How long a given password opens its link in this browser. */
export const UNLOCK_TTL_MS = 60 * 60_000;
// Wrong passwords: 5 per client and 20 per link in 15 minutes (with the route's own per-address limit).
// At 20 guesses a link per 15 minutes, a 10-character password of letters and digits (62^10) takes
// about 2e14 days on average: the figure in decision 0012.
const FAILURE_WINDOW_MS = 15 * 60_000;
const ANALYTICS_DAYS = 30;

/** Who is asking, for the counts: the visitor hash is made of these and the day. */
export interface Visitor {
  ip: string;
  userAgent: string;
  user: SessionUser | null;
  /** The unlock cookie of a link, if the browser sent one. */
  cookieOf?: (shareId: string) => string | undefined;
}

const usable = (row: q.ShareRow, now = new Date()) =>
  row.isActive &&
  (!row.expiresAt || row.expiresAt > now) &&
  (row.maxUses == null || row.currentUses < row.maxUses);

/** A link's permissions as its type allows: a view link never joins or changes anything. */
function permissionsFor(
  type: ShareType,
  given: Partial<SharePermissions> | undefined,
  base?: SharePermissions,
) {
  const p = { ...DEFAULT_SHARE_PERMISSIONS[type], ...base, ...given };
  if (type === "external_view")
    return { ...p, canJoinAsMember: false, canAddPlaces: false, canEditPlaces: false, canOptimize: false };
  return { ...p, canJoinAsMember: true };
}

const premiumRequired = (message: string) => new AppError(403, "PREMIUM_REQUIRED", message);
const linkGone = () => notFound(SHARE_MESSAGES.notFound);
const today = (now = new Date()) => now.toISOString().slice(0, 10);

export const unlockCookieName = (shareId: string) => `tabi_share_${shareId.replaceAll("-", "")}`;

export class SharingService {
  private readonly clientFailures: FailureLimiter;
  private readonly linkFailures: FailureLimiter;

  constructor(
    private readonly db: Db,
    private readonly keys: ShareKeys,
    private readonly bus: TripBus,
    counters: Counters,
  ) {
    this.clientFailures = new FailureLimiter(counters, "share-client", 5, FAILURE_WINDOW_MS);
    this.linkFailures = new FailureLimiter(counters, "share-link", 20, FAILURE_WINDOW_MS);
  }

  // ---- the trip's members -------------------------------------------------------------------

  async list(scope: TripScope): Promise<ShareLink[]> {
    this.mayShare(scope);
    const rows = await q.activeShares(this.db, scope.tripId);
    return rows.filter((r) => usable(r)).map((r) => this.present(r));
  }

  /** A link of the type: the newest usable one when only the type is given (spec 3 s.4), else a new one. */
  async create(
    scope: TripScope,
    user: SessionUser,
    input: ShareCreateInput,
  ): Promise<{ link: ShareLink; created: boolean }> {
    this.mayShare(scope);
    const onlyType =
      input.permissions == null && input.expiresAt == null && input.maxUses == null && input.password == null;
    if (onlyType) {
      const reusable = (await q.activeShares(this.db, scope.tripId)).find(
        (r) => r.shareType === input.shareType && usable(r),
      );
      if (reusable) return { link: this.present(reusable), created: false };
    }
    if (input.password != null && !isPremiumActive(user))
      throw premiumRequired(SHARE_MESSAGES.premiumPassword);
    const id = crypto.randomUUID();
    const row = await q.insertShare(this.db, {
      id,
      tripId: scope.tripId,
      tokenHash: hashToken(this.keys.token(id)),
      shareType: input.shareType,
      permissions: permissionsFor(input.shareType, input.permissions ?? undefined),
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      maxUses: input.maxUses ?? null,
      passwordHash: input.password ? await hash(input.password) : null,
      createdBy: scope.userId,
    });
    return { link: this.present(row), created: true };
  }

  async update(
    scope: TripScope,
    user: SessionUser,
    shareId: string,
    input: ShareUpdateInput,
  ): Promise<ShareLink> {
    this.mayShare(scope);
    const row = await q.findShare(this.db, scope.tripId, shareId);
    if (!row?.isActive) throw notFound(SHARE_MESSAGES.linkNotFound);
    if (input.password && !isPremiumActive(user)) throw premiumRequired(SHARE_MESSAGES.premiumPassword);
    const patch: Parameters<typeof q.updateShare>[2] = {};
    if (input.permissions)
      patch.permissions = permissionsFor(
        row.shareType,
        input.permissions,
        row.permissions as SharePermissions,
      );
    if (input.expiresAt !== undefined) patch.expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (input.maxUses !== undefined) patch.maxUses = input.maxUses ?? null;
    if (input.password !== undefined) patch.passwordHash = input.password ? await hash(input.password) : null;
    const updated = Object.keys(patch).length ? await q.updateShare(this.db, row.id, patch) : row;
    return this.present(updated ?? row);
  }

  async revoke(scope: TripScope, shareId: string): Promise<void> {
    this.mayShare(scope);
    const row = await q.findShare(this.db, scope.tripId, shareId);
    if (!row) throw notFound(SHARE_MESSAGES.linkNotFound);
    await q.updateShare(this.db, row.id, { isActive: false });
  }

  async analytics(
    scope: TripScope,
    user: SessionUser,
    shareId: string,
    now = new Date(),
  ): Promise<ShareAnalytics> {
    this.mayShare(scope);
    if (!isPremiumActive(user)) throw premiumRequired(SHARE_MESSAGES.premiumAnalytics);
    const row = await q.findShare(this.db, scope.tripId, shareId);
    if (!row) throw notFound(SHARE_MESSAGES.linkNotFound);
    const from = today(new Date(now.getTime() - (ANALYTICS_DAYS - 1) * 86_400_000));
    const rows = new Map((await q.eventsByDay(this.db, row.id, from)).map((r) => [r.day, r]));
    const days: ShareAnalytics["days"] = [];
    for (let i = ANALYTICS_DAYS - 1; i >= 0; i--) {
      const date = today(new Date(now.getTime() - i * 86_400_000));
      const r = rows.get(date);
      days.push({
        date,
        opens: r?.opens ?? 0,
        visitors: r?.visitors ?? 0,
        joins: r?.joins ?? 0,
        exports: r?.exports ?? 0,
      });
    }
    const sum = (k: "opens" | "joins" | "exports") => days.reduce((n, d) => n + d[k], 0);
    return {
      days,
      totals: {
        opens: sum("opens"),
        visitors: await q.visitorsSince(this.db, row.id, from),
        joins: sum("joins"),
        exports: sum("exports"),
      },
    };
  }

  // ---- anyone with the link -----------------------------------------------------------------

  /** The public page's read (spec 3 s.7 get_shared_trip). */
  async view(token: string, visitor: Visitor): Promise<SharedView> {
    const row = await this.resolve(token);
    if (!this.open(row, visitor)) return { status: "password" };
    const permissions = row.permissions as SharePermissions;
    const membership = visitor.user ? await q.membershipOf(this.db, row.tripId, visitor.user.id) : undefined;
    const trip = await this.trip(row.tripId, permissions.canViewPlaces);
    if (!membership) await this.count(row, "open", visitor);
    return {
      status: "ok",
      trip,
      shareType: row.shareType,
      permissions: {
        canViewPlaces: permissions.canViewPlaces,
        canJoinAsMember: permissions.canJoinAsMember,
        canExport: permissions.canExport,
      },
      createdAt: row.createdAt.toISOString(),
      memberTripId: membership ? row.tripId : null,
    };
  }

  /**
   * The right password gives the cookie value that opens this link for an hour. Wrong ones are
   * limited per client and per link, checked before the (deliberately slow) hash is compared.
   */
  async unlock(
    token: string,
    password: string,
    client: string,
  ): Promise<{ name: string; value: string; maxAge: number }> {
    const row = await this.resolve(token);
    const clientKey = `${client}`;
    if ((await this.clientFailures.blocked(clientKey)) || (await this.linkFailures.blocked(row.id)))
      throw new AppError(429, "RATE_LIMITED", SHARE_MESSAGES.tooManyAttempts);
    const ok = row.passwordHash ? await verify(row.passwordHash, password).catch(() => false) : true;
    if (!ok) {
      await Promise.all([this.clientFailures.fail(clientKey), this.linkFailures.fail(row.id)]);
      throw new AppError(401, "WRONG_PASSWORD", SHARE_MESSAGES.wrongPassword);
    }
    const expiresAt = Date.now() + UNLOCK_TTL_MS;
    return {
      name: unlockCookieName(row.id),
      value: this.keys.unlockValue(row.id, row.passwordHash ?? "", expiresAt),
      maxAge: UNLOCK_TTL_MS / 1000,
    };
  }

  /** Joins the signed-in caller through a link that allows it, with the link's flags (spec 3 s.4). */
  async join(token: string, visitor: Visitor & { user: SessionUser }) {
    const found = await this.resolve(token);
    this.requireOpen(found, visitor);
    if (!(found.permissions as SharePermissions).canJoinAsMember) throw forbidden(SHARE_MESSAGES.noJoin);
    const result = await this.db.transaction(async (tx) => {
      const row = await q.lockShare(tx, found.id);
      if (!row || !usable(row)) return null;
      const p = row.permissions as SharePermissions;
      const admitted = await admitMember(tx, row.tripId, visitor.user, {
        canAddPlaces: p.canAddPlaces,
        canEditPlaces: p.canEditPlaces,
        canOptimize: p.canOptimize,
      });
      if (admitted && !admitted.alreadyMember) await q.countShareUse(tx, row.id);
      return admitted;
    });
    if (!result) throw linkGone();
    if (!result.alreadyMember) {
      await this.count(found, "join", visitor, false);
      await this.bus.publish({ type: "members.changed", tripId: result.tripId }).catch(() => {});
    }
    return result;
  }

  /** The export file (spec 3): trip with its places and plan, exportedAt, exportedFrom. */
  async exportTrip(token: string, visitor: Visitor, origin: string): Promise<SharedExport> {
    const row = await this.resolve(token);
    this.requireOpen(row, visitor);
    if (!(row.permissions as SharePermissions).canExport) throw forbidden(SHARE_MESSAGES.noExport);
    const trip = await this.trip(row.tripId, true);
    await this.count(row, "export", visitor, false);
    return {
      trip: { ...trip, places: trip.places ?? [], days: trip.days ?? [] },
      exportedAt: new Date().toISOString(),
      exportedFrom: `${origin}/shared/${token}`,
    };
  }

  /**
   * What a link preview may show (Open Graph): the trip's name, dates and place count, or nothing but
   * "Shared trip" for a protected link; null for a link that does not open.
   */
  async preview(token: string) {
    const row = await this.resolve(token).catch(() => null);
    if (!row) return null;
    if (row.passwordHash) return { kind: "protected" as const };
    const trip = await q.sharedTripRow(this.db, row.tripId);
    if (!trip) return null;
    const places = (await q.tripPlaces(this.db, row.tripId)).filter((p) => p.placeType === "visit");
    const showPlaces = (row.permissions as SharePermissions).canViewPlaces;
    return {
      kind: "trip" as const,
      name: trip.name,
      startDate: trip.startDate,
      endDate: trip.endDate,
      placeCount: places.length,
      points: showPlaces ? places.map((p) => [p.longitude, p.latitude] as [number, number]) : [],
    };
  }

  // ---- inside ---------------------------------------------------------------------------------

  private mayShare(scope: TripScope) {
    if (scope.role !== "admin" && !scope.canInviteMembers)
      throw forbidden(text("server:sharing.noSharePermission"));
  }

  /** The link of a token when it still opens; every other case is the same 404. */
  private async resolve(token: string) {
    if (!TOKEN_SHAPE.test(token)) throw linkGone();
    const row = await q.findShareByHash(this.db, hashToken(token));
    if (!row || !usable(row)) throw linkGone();
    return row;
  }

  private open(row: q.ShareRow, visitor: Visitor) {
    return !row.passwordHash || this.keys.unlocked(row.id, row.passwordHash, visitor.cookieOf?.(row.id));
  }

  private requireOpen(row: q.ShareRow, visitor: Visitor) {
    if (!this.open(row, visitor))
      throw new AppError(401, "PASSWORD_REQUIRED", SHARE_MESSAGES.passwordRequired);
  }

  /** Records an event; a view link's use is a visitor's first open of the day. */
  private async count(
    row: q.ShareRow,
    kind: q.ShareEventKind,
    visitor: Visitor,
    countsUse = row.shareType === "external_view",
  ) {
    const day = today();
    const first = await q.recordEvent(this.db, {
      shareId: row.id,
      kind,
      day,
      visitorHash: this.keys.visitor(day, visitor.ip, visitor.userAgent),
    });
    if (first && countsUse && kind === "open") await q.countShareUse(this.db, row.id);
  }

  private async trip(tripId: string, withPlaces: boolean): Promise<SharedTrip> {
    const trip = await q.sharedTripRow(this.db, tripId);
    if (!trip) throw linkGone();
    const rows = (await q.tripPlaces(this.db, tripId)).filter((p) => p.placeType === "visit");
    let places: SharedTrip["places"] = null;
    let days: SharedTrip["days"] = null;
    if (withPlaces) {
      const wishes = await q.meanWishes(
        this.db,
        rows.map((p) => p.id),
      );
      places = rows.map((p) => ({
        id: p.id,
        name: p.name,
        localName: p.localName,
        address: p.address,
        latitude: p.latitude,
        longitude: p.longitude,
        category: p.category,
        stayMinutes: p.stayDurationMinutes,
        notes: p.notes,
        priority: Math.max(1, Math.min(5, Math.round((wishes.get(p.id) ?? 6) / 2))),
      }));
      // The group's bookings stay in the group: a shared plan shows its flights without their numbers.
      days = (((await q.activeRoute(this.db, tripId))?.days ?? []) as ItineraryDay[]).map((d) => ({
        ...d,
        visits: d.visits.map(({ bookingId: _b, flightNumber: _f, ...v }) => v),
      }));
    }
    return {
      name: trip.name,
      description: trip.description,
      departureLocation: trip.departureLocation,
      startDate: trip.startDate,
      endDate: trip.endDate,
      // The clock of the plan's times: where the places are, whatever the stored zone says (zone.ts).
      timezone: tripZone(trip, rows),
      placeCount: rows.length,
      memberCount: trip.totalMembers,
      places,
      days,
    };
  }

  private present(row: q.ShareRow): ShareLink {
    return {
      id: row.id,
      token: this.keys.token(row.id),
      shareType: row.shareType,
      permissions: permissionsFor(row.shareType, undefined, row.permissions as SharePermissions),
      isActive: row.isActive,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      maxUses: row.maxUses,
      currentUses: row.currentUses,
      hasPassword: row.passwordHash != null,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
