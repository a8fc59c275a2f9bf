import { inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { compiled, rowsOfCompiled } from "../../db/compiled";
import type { Executor } from "../../db/connect";
import { rowFromJson, rowsOf, typedParam } from "../../db/json-rows";
import {
  optimizationResults,
  places,
  placeWishes,
  tripMembers,
  trips,
  users,
  visitSkips,
} from "../../db/schema";
import type { TripScope } from "../../http/guards";
import type { Person, WishRow } from "./present";
import type { PlaceRow } from "./queries";

// The statements of the busy paths (adding, editing and listing places), one round trip each. On
// PGlite every statement costs main-thread time before any work (~0.4 ms), planning a join costs
// more than running it, and rows cost per field: so each statement joins little, returns its places
// as one JSON value (db/json-rows.ts), and names and colours come from the trip's members, read in
// the same statement (a wisher who left the trip is looked up on the side).

export interface PlaceView {
  place: PlaceRow;
  wishes: WishRow[];
  /** Members who said they will do something else than this visit (issue 30). */
  skips: Person[];
  addedBy: Person | null;
  optimized: boolean;
}

interface ViewsJson {
  places: Record<string, unknown>[] | null;
  /** The trip's stored time zone (the add reads it, so the caller knows whether the new place moves it). */
  tripZone?: string;
  wishes: { placeId: string; userId: string; wishLevel: number }[] | null;
  skips: { placeId: string; userId: string }[] | null;
  members: Person[] | null;
  optimized: boolean;
}

/**
 * The rest of a statement whose `places` column is given: wishes and skips (of `wishesOf` places, a
 * condition on `w.place_id`), members, plan.
 */
function viewColumns(tripId: string | Placeholder, wishesOf: SQL | null) {
  const wishes = wishesOf
    ? sql`(select json_agg(json_build_object('placeId', w.place_id, 'userId', w.user_id,
          'wishLevel', w.wish_level) order by w.created_at)
        from ${placeWishes} w where ${wishesOf})`
    : sql`null`;
  const skips = wishesOf
    ? sql`(select json_agg(json_build_object('placeId', w.place_id, 'userId', w.user_id) order by w.created_at)
        from ${visitSkips} w where ${wishesOf})`
    : sql`null`;
  return sql`${wishes} as wishes, ${skips} as skips,
    (select json_agg(json_build_object('userId', m.user_id, 'name', u.name,
        'colorIndex', m.assigned_color_index))
      from ${tripMembers} m join ${users} u on u.id = m.user_id where m.trip_id = ${tripId}) as members,
    exists (select 1 from ${optimizationResults} r where r.trip_id = ${tripId} and r.is_active) as optimized`;
}

/** Places with their wishes and proposer as members see them; people who left looked up by id. */
async function decodeViews(db: Executor, json: ViewsJson | undefined): Promise<PlaceView[]> {
  if (!json?.places) return [];
  const people = new Map((json.members ?? []).map((m) => [m.userId, m]));
  const rows = json.places.map((p) => rowFromJson(places, p));
  const wishes = json.wishes ?? [];
  const skips = json.skips ?? [];
  const gone = [
    ...new Set([...wishes.map((w) => w.userId), ...skips.map((w) => w.userId), ...rows.map((r) => r.userId)]),
  ].filter((id): id is string => id !== null && !people.has(id));
  if (gone.length > 0)
    for (const u of await db
      .select({ userId: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, gone)))
      people.set(u.userId, { ...u, colorIndex: null }); // no longer a member: the 'unknown' colour
  const wishesOf = new Map<string, WishRow[]>();
  for (const w of wishes) {
    const person = people.get(w.userId);
    if (!person) continue; // the account is gone (its wishes go with it)
    wishesOf.set(w.placeId, [...(wishesOf.get(w.placeId) ?? []), { ...w, ...person }]);
  }
  const skipsOf = new Map<string, Person[]>();
  for (const k of skips) {
    const person = people.get(k.userId);
    if (person) skipsOf.set(k.placeId, [...(skipsOf.get(k.placeId) ?? []), person]);
  }
  return rows.map((place) => ({
    place,
    wishes: wishesOf.get(place.id) ?? [],
    skips: skipsOf.get(place.id) ?? [],
    addedBy: (place.userId && people.get(place.userId)) || null,
    optimized: json.optimized,
  }));
}

/** The trip's places (or one) as members see them, oldest first; and whether the trip has a plan. */
export async function readViews(db: Executor, scope: TripScope, placeId?: string) {
  const one = placeId ? sql` and p.id = ${placeId}` : sql``;
  const [row] = await rowsOf<ViewsJson>(
    db,
    sql`select (select json_agg(p order by p.created_at) from ${places} p
        where p.trip_id = ${scope.tripId}${one}) as places,
      ${viewColumns(
        scope.tripId,
        placeId
          ? sql`w.place_id = ${placeId}`
          : sql`w.place_id in (select p.id from ${places} p where p.trip_id = ${scope.tripId})`,
      )}`,
  );
  return { views: await decodeViews(db, row), optimized: row?.optimized ?? false };
}

/** Columns and typed values of a `places` change (a hand-written statement's parameters carry no type). */
function assignments(values: Partial<PlaceRow>) {
  const set = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([key, value]) => {
      const column = places[key as keyof PlaceRow];
      return { name: sql.identifier(column.name), value: typedParam(column, value) };
    });
  return {
    columns: sql.join(
      set.map((a) => a.name),
      sql`, `,
    ),
    values: sql.join(
      set.map((a) => a.value),
      sql`, `,
    ),
    set: sql.join(
      set.map((a) => sql`${a.name} = ${a.value}`),
      sql`, `,
    ),
  };
}

export interface AddCheck {
  /** The caller's wishes in the trip must stay under this; undefined: no limit. */
  limit: number | undefined;
  /** Admins add places after the deadline too. */
  deadlineExempt: boolean;
  now: Date;
}

/**
 * Adds a new place with the caller's wish in one statement, if the trip has no place of that name or
 * provider id (a possible duplicate), the deadline has not passed (unless exempt) and the caller is
 * under the limit. Otherwise it writes nothing and answers undefined: the caller then takes the full
 * path, which merges duplicates and explains refusals.
 */
export async function addIfClear(
  db: Executor,
  scope: TripScope,
  values: Omit<typeof places.$inferInsert, "tripId" | "userId">,
  wishLevel: number,
  check: AddCheck,
): Promise<(PlaceView & { tripZone: string }) | undefined> {
  const row: Record<string, unknown> = { ...values, tripId: scope.tripId, userId: scope.userId };
  const keys = Object.keys(row).filter((key) => row[key] !== undefined);
  const limited = check.limit !== undefined;
  const provider = Boolean(values.providerPlaceId);
  const statement = compiled(`places.addIfClear:${limited}:${provider}:${keys.join(",")}`, () =>
    addStatement(keys as (keyof PlaceRow)[], limited, provider),
  );
  const [json] = await rowsOfCompiled<ViewsJson>(db, statement, {
    ...row,
    $name: values.name.trim().toLowerCase(),
    $provider: values.providerPlaceId,
    $limit: check.limit,
    $exempt: check.deadlineExempt,
    $now: check.now.toISOString(),
    $wish: wishLevel,
  });
  const [view] = await decodeViews(db, json);
  // The only wish of a new place is the caller's (the statement does not read its own inserts).
  return (
    view && {
      ...view,
      wishes: view.addedBy ? [{ placeId: view.place.id, wishLevel, ...view.addedBy }] : [],
      tripZone: json?.tripZone ?? "UTC",
    }
  );
}

/** The add's statement for these columns, built once (db/compiled.ts): every value a placeholder. */
function addStatement(keys: (keyof PlaceRow)[], limited: boolean, provider: boolean): SQL {
  const p = sql.placeholder;
  const tripId = p("tripId");
  const userId = p("userId");
  const insert = assignments(Object.fromEntries(keys.map((key) => [key, p(key)])) as Partial<PlaceRow>);
  const mine = limited
    ? sql`(select count(*) from ${placeWishes} w join ${places} pl on pl.id = w.place_id
          where pl.trip_id = ${tripId} and w.user_id = ${userId})`
    : sql`0`;
  const similarProvider = provider ? sql` or s.provider_place_id = ${p("$provider")}` : sql``;
  const under = limited ? sql` and c.mine < ${p("$limit")}` : sql``;
  return sql`with c as (
      select t.add_place_deadline as deadline, t.timezone as zone, ${mine} as mine,
        exists (select 1 from ${places} s where s.trip_id = ${tripId}
          and (lower(s.name) = ${p("$name")}${similarProvider})) as similar
      from ${trips} t where t.id = ${tripId}
    ), added as (
      insert into ${places} (${insert.columns}) select ${insert.values} from c
      where not c.similar${under}
        and (${p("$exempt")} or c.deadline is null or c.deadline >= ${p("$now")}::timestamptz)
      returning *
    ), wish as (
      insert into ${placeWishes} (place_id, user_id, wish_level)
      select added.id, ${userId}::uuid, ${p("$wish")}::smallint from added
    ) select (select json_agg(added) from added) as places, (select zone from c) as "tripZone",
      ${viewColumns(tripId, null)}`;
}

/** Changes a place of the trip (`proposerOnly`: only if the caller proposed it) and reads it back. */
export async function updateAndView(
  db: Executor,
  scope: TripScope,
  placeId: string,
  patch: Partial<PlaceRow>,
  proposerOnly: boolean,
): Promise<PlaceView | undefined> {
  const set: Record<string, unknown> = { ...patch, updatedAt: new Date() };
  const keys = Object.keys(set).filter((key) => set[key] !== undefined);
  const statement = compiled(`places.updateAndView:${proposerOnly}:${keys.join(",")}`, () => {
    const p = sql.placeholder;
    const own = proposerOnly ? sql` and user_id = ${p("$userId")}` : sql``;
    const columns = Object.fromEntries(keys.map((key) => [key, p(key)])) as Partial<PlaceRow>;
    return sql`with changed as (
      update ${places} set ${assignments(columns).set}
      where id = ${p("$placeId")} and trip_id = ${p("$tripId")}${own}
      returning *
    ) select (select json_agg(changed) from changed) as places,
      ${viewColumns(p("$tripId"), sql`w.place_id = ${p("$placeId")}`)}`;
  });
  const [row] = await rowsOfCompiled<ViewsJson>(db, statement, {
    ...set,
    $placeId: placeId,
    $tripId: scope.tripId,
    $userId: scope.userId,
  });
  return (await decodeViews(db, row))[0];
}

const UPDATE_WISH = compiled("places.updateWishAndView", () => {
  const p = sql.placeholder;
  return sql`with changed as (
      update ${placeWishes} set wish_level = ${p("wishLevel")}, updated_at = ${p("now")}::timestamptz
      where place_id = ${p("placeId")} and user_id = ${p("userId")}
        and exists (select 1 from ${places} s where s.id = ${p("placeId")} and s.trip_id = ${p("tripId")})
      returning place_id
    ) select (select json_agg(p) from ${places} p where p.id in (select place_id from changed)) as places,
      ${viewColumns(p("tripId"), sql`w.place_id = ${p("placeId")}`)}`;
});

/** Changes the caller's existing wish on a place of the trip and reads the place back. */
export async function updateWishAndView(
  db: Executor,
  scope: TripScope,
  placeId: string,
  wishLevel: number,
): Promise<PlaceView | undefined> {
  const [row] = await rowsOfCompiled<ViewsJson>(db, UPDATE_WISH, {
    wishLevel,
    now: new Date().toISOString(),
    placeId,
    userId: scope.userId,
    tripId: scope.tripId,
  });
  const [view] = await decodeViews(db, row);
  // The statement reads as of its start: the caller's wish shows the level it just set.
  return (
    view && {
      ...view,
      wishes: view.wishes.map((w) => (w.userId === scope.userId ? { ...w, wishLevel } : w)),
    }
  );
}

const DELETE_IF_ALONE = compiled("places.deleteIfAlone", () => {
  const p = sql.placeholder;
  return sql`delete from ${places} where id = ${p("placeId")} and trip_id = ${p("tripId")}
      and (${p("anyone")} or (user_id = ${p("userId")} and not exists (select 1 from ${placeWishes} w
        where w.place_id = ${p("placeId")} and w.user_id <> ${p("userId")})))
      returning id, latitude, longitude,
        (select t.timezone from ${trips} t where t.id = ${p("tripId")}) as "tripZone"`;
});

/**
 * Deletes a place of the trip for everyone (`anyone`: an admin's delete), or if the caller proposed it
 * and nobody else wants it; undefined when it deleted nothing (the caller then finds out why). The
 * place's position and the trip's stored zone come back: deleting it may move the trip's zone.
 */
export async function deleteIfAlone(db: Executor, scope: TripScope, placeId: string, anyone: boolean) {
  const [row] = await rowsOfCompiled<{ id: string; latitude: number; longitude: number; tripZone: string }>(
    db,
    DELETE_IF_ALONE,
    { placeId, tripId: scope.tripId, userId: scope.userId, anyone },
  );
  return row;
}
