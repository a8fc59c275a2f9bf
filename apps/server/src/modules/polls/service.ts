import {
  DEFAULT_WISH,
  POLL_MESSAGES as M,
  MAX_POLLS_PER_TRIP,
  memberColor,
  type PlaceResult,
  type Poll,
  type PollCreateParsed,
  type PollList,
  type PollWinnerResult,
  placeCreateSchema,
} from "@tabi/contracts";
import type { z } from "zod";
import type { Db } from "../../db/connect";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import type { TripBus } from "../../realtime/bus";
import { findMembership, listMembers } from "../members/queries";
import { findUserById } from "../members/users";
import { isSamePlace } from "../places/dedupe";
import { listWishes, sameNameOrProvider } from "../places/queries";
import { addPlace, setWish } from "../places/service";
import {
  closePoll,
  insertPoll,
  type NewOption,
  type PollRead,
  readPolls,
  replaceVotes,
  setWinner,
  tripPlaces,
} from "./queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Person = { userId: string; name: string; color: string };
type PlaceInput = z.output<typeof placeCreateSchema>;
/** What an option keeps to become a place: the search result it is, or a copy of the trip place it was. */
type Candidate = { result?: PlaceResult; place?: z.input<typeof placeCreateSchema> };

/**
 * Polls (issue 30 item 1): every member votes and may change their vote until the poll closes; its
 * creator or an admin closes it; a poll past its closing time is closed (checked at every read and
 * vote: no timer). A closed poll over places adds its winner to the trip through the places service,
 * so limits, events and caches are the places' own. Every change tells the trip's channel.
 */
export class PollService {
  constructor(
    private readonly db: Db,
    private readonly bus: TripBus,
  ) {}

  async list(scope: TripScope): Promise<PollList> {
    const [reads, people] = await Promise.all([readPolls(this.db, scope.tripId), this.people(scope.tripId)]);
    const now = new Date();
    return { polls: reads.map((r) => present(r, scope, people, now)) };
  }

  async get(scope: TripScope, pollId: string): Promise<Poll> {
    const [read, people] = await Promise.all([this.read(scope, pollId), this.people(scope.tripId)]);
    return present(read, scope, people, new Date());
  }

  async create(scope: TripScope, input: PollCreateParsed): Promise<Poll> {
    const placeIds = input.options.flatMap((o) => (o.kind === "place" ? [o.placeId] : []));
    const found = new Map((await tripPlaces(this.db, scope.tripId, placeIds)).map((p) => [p.id, p]));
    if (placeIds.some((id) => !found.has(id))) throw badRequest(M.placeNotInTrip);
    const options: NewOption[] = input.options.map((o, position) => {
      if (o.kind === "text") return { position, label: o.label, placeId: null, candidate: null };
      if (o.kind === "searchResult")
        return {
          position,
          label: o.result.name.slice(0, 200),
          placeId: null,
          candidate: { result: o.result } satisfies Candidate,
        };
      const p = found.get(o.placeId)!;
      // A copy of the place, so the winner can come back if the place is deleted meanwhile.
      const place: Candidate["place"] = {
        name: p.name,
        address: p.address,
        latitude: p.latitude,
        longitude: p.longitude,
        category: p.category as PlaceInput["category"],
        providerPlaceId: p.providerPlaceId,
        rating: p.rating,
        photos: p.photos,
        stayMinutes: p.stayDurationMinutes,
        openingHours: p.openingHours,
        localName: p.localName,
        countryCode: p.countryCode,
      };
      return { position, label: p.name, placeId: p.id, candidate: { place } satisfies Candidate };
    });
    const id = await insertPoll(
      this.db,
      {
        tripId: scope.tripId,
        createdBy: scope.userId,
        question: input.question,
        kind: input.options[0]?.kind === "text" ? "text" : "places",
        multiple: input.multiple,
        anonymous: input.anonymous,
        closesAt: input.closesAt ? new Date(input.closesAt) : null,
      },
      options,
      MAX_POLLS_PER_TRIP,
    );
    if (!id) throw new AppError(409, "CONFLICT", M.tooManyPolls);
    this.changed(scope.tripId, id);
    return this.get(scope, id);
  }

  /** The caller's whole choice: one option, several in a multiple-choice poll, or none (taken back). */
  async vote(scope: TripScope, pollId: string, optionIds: string[]): Promise<Poll> {
    const read = await this.read(scope, pollId);
    const now = new Date();
    if (isClosed(read.row, now)) throw conflict(M.pollClosed);
    const chosen = [...new Set(optionIds)];
    const ids = new Set(read.options.map((o) => o.id));
    if (chosen.some((id) => !ids.has(id))) throw badRequest(M.optionNotInPoll);
    if (!read.row.multiple && chosen.length > 1) throw badRequest(M.chooseOne);
    if (!(await replaceVotes(this.db, pollId, scope.userId, chosen, now))) throw conflict(M.pollClosed);
    this.changed(scope.tripId, pollId);
    return this.get(scope, pollId);
  }

  async close(scope: TripScope, pollId: string): Promise<Poll> {
    const read = await this.read(scope, pollId);
    mayManage(read, scope);
    if (!read.row.closedAt) {
      const now = new Date();
      // Past its closing time it closed then; closing it now keeps that time.
      const at = read.row.closesAt && read.row.closesAt <= now ? read.row.closesAt : now;
      await closePoll(this.db, pollId, scope.userId, at);
      this.changed(scope.tripId, pollId);
    }
    return this.get(scope, pollId);
  }

  /**
   * "Add winner to the trip": the winning place becomes the poll creator's wish (the caller's when the
   * creator left or may not add places), with the option's voters as co-wishers, except in an
   * anonymous poll (a wish would tell who voted). A place already in the trip only gains the wishes.
   * A voter the places service refuses (their plan's limit, no permission to add) is skipped and named.
   */
  async addWinner(
    scope: TripScope,
    user: SessionUser,
    pollId: string,
    optionId: string | null | undefined,
  ): Promise<PollWinnerResult> {
    const read = await this.read(scope, pollId);
    mayManage(read, scope);
    if (read.row.kind !== "places") throw badRequest(M.notPlacesPoll);
    if (!isClosed(read.row, new Date())) throw conflict(M.stillOpen);
    if (read.row.winnerPlaceId) throw conflict(M.winnerAdded);
    const counts = tally(read);
    const leading = leadingOptions(read, counts);
    if (leading.length === 0) throw conflict(M.noVotes);
    let winnerId: string;
    if (optionId) {
      if (!read.options.some((o) => o.id === optionId)) throw badRequest(M.optionNotInPoll);
      if (!leading.includes(optionId)) throw badRequest(M.notAWinner);
      winnerId = optionId;
    } else if (leading.length > 1) throw conflict(M.tie);
    else winnerId = leading[0]!;
    const option = read.options.find((o) => o.id === winnerId)!;
    const voters = read.row.anonymous
      ? []
      : read.votes.filter((v) => v.optionId === winnerId).map((v) => v.userId);

    const creatorId = read.row.createdBy;
    const creator =
      creatorId && creatorId !== scope.userId ? await this.memberScope(scope.tripId, creatorId) : undefined;
    const owner = creator ?? { scope, user };

    let placeId = await this.existingPlace(scope, option);
    const skipped: string[] = [];
    let zoneMoved = false;
    const onZoneChange = async () => {
      zoneMoved = true;
    };
    const wishers = [owner.scope.userId, ...voters];
    if (!placeId) {
      const input = placeInputOf(option.candidate as Candidate | null, option.label);
      if (!input) throw conflict(M.placeNotInTrip);
      let added: { place: { id: string } };
      try {
        added = await addPlace(this.db, owner.scope, owner.user, input, onZoneChange);
      } catch (err) {
        // The creator may not add places now (the deadline, a flag, their plan): the caller's own wish.
        if (!(err instanceof AppError) || err.status !== 403 || owner.scope === scope) throw err;
        added = await addPlace(this.db, scope, user, input, onZoneChange);
        wishers[0] = scope.userId;
        skipped.push(owner.scope.userId);
      }
      placeId = added.place.id;
    }
    const wished = new Set((await listWishes(this.db, scope, [placeId])).map((w) => w.userId));
    for (const userId of new Set(wishers)) {
      if (wished.has(userId)) continue;
      const member = userId === scope.userId ? { scope, user } : await this.memberScope(scope.tripId, userId);
      if (!member) continue;
      try {
        await setWish(this.db, member.scope, member.user, placeId, DEFAULT_WISH);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500 || err.status === 404) throw err;
        skipped.push(userId);
      }
    }
    await setWinner(this.db, pollId, winnerId, placeId);
    // The caller's next read of the places must see it: the event drops the cached places first.
    await this.bus.publish({ type: "places.changed", tripId: scope.tripId }).catch(() => {});
    if (zoneMoved) await this.bus.publish({ type: "members.changed", tripId: scope.tripId }).catch(() => {});
    this.changed(scope.tripId, pollId);
    return { poll: await this.get(scope, pollId), placeId, skipped: [...new Set(skipped)] };
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** The trip place a winning option is: its own, or one the trip has with the same identity. */
  private async existingPlace(scope: TripScope, option: PollRead["options"][number]) {
    if (option.placeId) {
      const [own] = await tripPlaces(this.db, scope.tripId, [option.placeId]);
      if (own) return own.id;
    }
    const input = placeInputOf(option.candidate as Candidate | null, option.label);
    if (!input) return undefined;
    const same = (await sameNameOrProvider(this.db, scope, input.name, input.providerPlaceId)).find((p) =>
      isSamePlace(p, input),
    );
    return same?.id;
  }

  /** A member as the places service takes them: their trip scope and their account (for their plan). */
  private async memberScope(tripId: string, userId: string) {
    const [m, account] = await Promise.all([
      findMembership(this.db, tripId, userId),
      findUserById(this.db, userId),
    ]);
    if (!m || !account) return undefined;
    const scope = {
      tripId,
      userId,
      role: m.role,
      isOwner: m.ownerId === userId,
      canEditPlaces: m.canEditPlaces,
      canOptimize: m.canOptimize,
      canAddPlaces: m.canAddPlaces,
      canInviteMembers: m.canInviteMembers,
    } as TripScope;
    return { scope, user: account as unknown as SessionUser };
  }

  private async read(scope: TripScope, pollId: string): Promise<PollRead> {
    const [read] = UUID.test(pollId) ? await readPolls(this.db, scope.tripId, pollId) : [];
    if (!read) throw notFound(M.pollNotFound);
    return read;
  }

  private async people(tripId: string): Promise<Map<string, Person>> {
    const members = await listMembers(this.db, [tripId]);
    return new Map(
      members.map((m) => [m.userId, { userId: m.userId, name: m.name, color: memberColor(m.colorIndex) }]),
    );
  }

  /** Tells the trip's channel, after the answer is on its way. */
  private changed(tripId: string, pollId: string) {
    void this.bus.publish({ type: "polls.changed", tripId, pollId }).catch(() => {});
  }
}

const isClosed = (row: PollRead["row"], now: Date) =>
  Boolean(row.closedAt) || Boolean(row.closesAt && row.closesAt <= now);

function mayManage(read: PollRead, scope: TripScope) {
  if (scope.role !== "admin" && read.row.createdBy !== scope.userId) throw forbidden(M.onlyCreatorOrAdmin);
}

function tally(read: PollRead): Map<string, number> {
  const counts = new Map(read.options.map((o) => [o.id, 0]));
  for (const v of read.votes) counts.set(v.optionId, (counts.get(v.optionId) ?? 0) + 1);
  return counts;
}

/** The options with the most votes, in the poll's order; none before the first vote. */
function leadingOptions(read: PollRead, counts: Map<string, number>): string[] {
  const top = Math.max(0, ...counts.values());
  return top === 0 ? [] : read.options.filter((o) => counts.get(o.id) === top).map((o) => o.id);
}

/** What adding the option's place takes; undefined for a text option or a candidate that no longer parses. */
function placeInputOf(candidate: Candidate | null, label: string): PlaceInput | undefined {
  const r = candidate?.result;
  const raw = r
    ? {
        name: r.name,
        address: r.address,
        latitude: r.lat,
        longitude: r.lng,
        category: r.category === "destination_point" ? "tourist_attraction" : r.category,
        providerPlaceId: r.id,
        rating: r.rating,
        photos: r.photoUrl ? [r.photoUrl] : [],
        openingHours: r.openingHours ?? null,
        localName: r.localName,
        countryCode: r.countryCode,
        ...(r.stayMinutes ? { stayMinutes: r.stayMinutes } : {}),
      }
    : candidate?.place;
  if (!raw) return undefined;
  const parsed = placeCreateSchema.safeParse({ ...raw, name: raw.name || label, wishLevel: DEFAULT_WISH });
  if (parsed.success) return parsed.data;
  // A category or photo the place form would not take: the place without them.
  const plain = placeCreateSchema.safeParse({
    ...raw,
    name: raw.name || label,
    category: undefined,
    photos: [],
    openingHours: null,
    wishLevel: DEFAULT_WISH,
  });
  return plain.success ? plain.data : undefined;
}

function present(read: PollRead, scope: TripScope, people: Map<string, Person>, now: Date): Poll {
  const { row } = read;
  const counts = tally(read);
  const closed = isClosed(row, now);
  const closedAt = row.closedAt ?? (row.closesAt && row.closesAt <= now ? row.closesAt : null);
  return {
    id: row.id,
    tripId: row.tripId,
    question: row.question,
    kind: row.kind,
    multiple: row.multiple,
    anonymous: row.anonymous,
    closesAt: row.closesAt?.toISOString() ?? null,
    closedAt: closedAt?.toISOString() ?? null,
    closed,
    createdBy: row.createdBy ? (people.get(row.createdBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    options: read.options.map((o) => ({
      id: o.id,
      label: o.label,
      placeId: o.placeId,
      candidate: o.placeId ? null : ((o.candidate as Candidate | null)?.result ?? null),
      votes: counts.get(o.id) ?? 0,
      voters: row.anonymous ? null : read.votes.filter((v) => v.optionId === o.id).map((v) => v.userId),
    })),
    voters: new Set(read.votes.map((v) => v.userId)).size,
    myVotes: read.votes.filter((v) => v.userId === scope.userId).map((v) => v.optionId),
    leading: leadingOptions(read, counts),
    winnerPlaceId: row.winnerPlaceId,
    canManage: scope.role === "admin" || row.createdBy === scope.userId,
  };
}
