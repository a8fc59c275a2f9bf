// npm run bench:plans (issue 12): six group trips in real cities, built through the app's own API (trip,
// invitations, places with opening hours and time-of-day wishes, each member's wishes), optimised twice
// with the same settings and once more after one more place, then measured against the issue's bars.
// Then the trips of issue 26 (plans/issue26.ts): per trip, the visits planned, the places left out and
// why, each day's load, outdoor visits ending after sunset, and the share kept on its day when re-run.
// `npm run bench:plans -- issue26` runs only those; `-- issue12` only the first six.
import type { OptimizationResult } from "@tabi/contracts";
import { createTestApp } from "../src/test/app";
import { createTrip, futureDate, inviteCode, join, registered } from "../src/test/fixtures";
import {
  addDays,
  ISSUE26_TRIPS,
  type Issue26Facts,
  type Issue26Place,
  type Issue26Trip,
  issue26Facts,
  nextDate,
  sameDayShare,
} from "./plans/issue26";
import { type PlanFacts, planFacts } from "./plans/metrics";
import { type BenchPlace, type BenchTrip, TRIPS } from "./plans/trips";

type Client = Awaited<ReturnType<typeof registered>>;

const DAY_START = "09:00";
const DAY_END = "20:00";

/** A small seeded generator, so every run builds the same wishes. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    return s / 2 ** 32;
  };
}

/** Each member's wishes (1-10): places of their tastes mostly, now and then another one. */
function wishesFor(trip: BenchTrip, seed: number): number[][] {
  const next = rng(seed);
  const all = [...trip.places, ...(trip.far ? [trip.far] : [])];
  const levels: number[][] = all.map((place) =>
    trip.members.map((tastes) => {
      const likes = place.tags.some((t) => tastes.includes(t));
      if (likes && next() < 0.85) return 6 + Math.floor(next() * 5);
      if (!likes && next() < 0.15) return 2 + Math.floor(next() * 4);
      return 0;
    }),
  );
  levels.forEach((row) => {
    if (!row.some((l) => l > 0)) row[Math.floor(next() * row.length)] = 5;
  });
  // The far place: one member picked it by mistake from the search, and wants it a lot.
  if (trip.far) levels[levels.length - 1] = trip.members.map((_, m) => (m === 0 ? 8 : 0));
  return levels;
}

async function ok(res: { statusCode: number; body: string; json(): unknown }, what: string) {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as never;
}

async function addPlace(members: Client[], tripId: string, place: BenchPlace, levels: number[]) {
  const first = levels.findIndex((l) => l > 0);
  const { place: added } = await ok(
    await members[first]!.post(`/api/trips/${tripId}/places`, {
      name: place.name,
      latitude: place.lat,
      longitude: place.lng,
      category: place.category,
      stayMinutes: place.stay,
      preferredTimeOfDay: place.when ?? null,
      openingHours: place.hours ?? null,
      wishLevel: levels[first],
    }),
    `add ${place.name}`,
  );
  const id = (added as { id: string }).id;
  for (let m = first + 1; m < members.length; m++)
    if (levels[m]! > 0)
      await ok(
        await members[m]!.request("PUT", `/api/trips/${tripId}/places/${id}/wish`, { wishLevel: levels[m] }),
        "wish",
      );
  return id;
}

async function optimise(owner: Client, tripId: string, mode: BenchTrip["mode"], pace?: string) {
  const t0 = performance.now();
  const settings = {
    fairnessWeight: 0.6,
    includeMeals: true,
    preferredTransport: mode,
    dayStart: DAY_START,
    dayEnd: DAY_END,
    ...(pace ? { pace } : {}),
  };
  await ok(await owner.post(`/api/trips/${tripId}/optimizations`, settings), "optimise");
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const { progress, running } = await ok(
      await owner.get(`/api/trips/${tripId}/optimizations/progress`),
      "progress",
    );
    const p = progress as { stage: string; error: { message: string } | null } | null;
    if (p?.stage === "error" || p?.stage === "cancelled") throw new Error(p.error?.message ?? p.stage);
    if (p?.stage === "complete" && !running) break;
  }
  const { result } = await ok(await owner.get(`/api/trips/${tripId}/optimizations/active`), "active");
  return { result: result as OptimizationResult, ms: performance.now() - t0 };
}

interface Row {
  city: string;
  runs: PlanFacts[];
  same: number;
  keptAfterChange: number;
  ms: number[];
  leftOut: string;
}

async function benchTrip(
  app: Awaited<ReturnType<typeof createTestApp>>["app"],
  trip: BenchTrip,
  index: number,
) {
  const members: Client[] = [];
  for (let m = 0; m < trip.members.length; m++)
    members.push(await registered(app, `bench${index}-${m}@example.com`, { premium: true }));
  const { id: tripId } = await createTrip(members[0]!, {
    name: `${trip.city} with friends`,
    departureLocation: trip.departure.name,
    departureLatitude: trip.departure.lat,
    departureLongitude: trip.departure.lng,
    startDate: futureDate(40),
    endDate: futureDate(40 + trip.days - 1),
  });
  const code = await inviteCode(members[0]!, tripId);
  for (const m of members.slice(1)) await ok(await join(m, code), "join");

  const levels = wishesFor(trip, 1000 + index);
  const all = [...trip.places, ...(trip.far ? [trip.far] : [])];
  const byId = new Map<string, BenchPlace>();
  const wishes = new Map<string, Map<string, number>>(members.map((m) => [m.id, new Map()]));
  let farId: string | null = null;
  for (let i = 0; i < all.length; i++) {
    const id = await addPlace(members, tripId, all[i]!, levels[i]!);
    byId.set(id, all[i]!);
    if (all[i] === trip.far) farId = id;
    levels[i]!.forEach((l, m) => {
      if (l > 0) wishes.get(members[m]!.id)!.set(id, l);
    });
  }
  const first = await optimise(members[0]!, tripId, trip.mode);
  const second = await optimise(members[0]!, tripId, trip.mode);
  // A small change: one member adds one more place next to two others; most of the plan should stay.
  const extra = {
    ...trip.places[1]!,
    name: `${trip.places[1]!.name} tea house`,
    lat: trip.places[1]!.lat + 0.002,
  };
  const extraLevels = trip.members.map((_, m) => (m === 1 ? 6 : 0));
  byId.set(await addPlace(members, tripId, extra, extraLevels), extra);
  const third = await optimise(members[0]!, tripId, trip.mode);
  const facts = [first, second].map((r) => planFacts(r.result, byId, wishes, DAY_END, farId));
  if (process.env.BENCH_PLANS_DEBUG)
    for (const d of first.result.days)
      console.error(
        `${trip.city} day ${d.day} ${d.date}: ${d.visits.map((v) => `${v.name}${byId.get(v.placeId)?.when ? `[${byId.get(v.placeId)!.when}]` : ""} ${v.start}-${v.end}`).join(" | ")}`,
      );
  const reasons = new Map<string, number>();
  for (const u of first.result.unscheduled) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  return {
    city: trip.city,
    runs: facts,
    same: sameDayShare(first.result, second.result),
    keptAfterChange: sameDayShare(first.result, third.result),
    ms: [first.ms, second.ms, third.ms],
    leftOut: [...reasons].map(([r, n]) => `${n} ${r}`).join(", ") || "none",
  } satisfies Row;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : "-");
const sum = (rows: Row[], pick: (f: PlanFacts) => number) =>
  rows.reduce((s, r) => s + r.runs.reduce((t, f) => t + pick(f), 0), 0);

interface Issue26Row {
  trip: Issue26Trip;
  start: string;
  /** The default (balanced) plan, and one per other pace asked for. */
  plans: { pace: string; facts: Issue26Facts; ms: number }[];
  /** Share of visits kept on their day by each unchanged re-run (against the run before it). */
  kept: number[];
}

/** One issue-26 trip through the app's API: its members, places and wishes, optimised and re-run. */
async function benchIssue26(
  app: Awaited<ReturnType<typeof createTestApp>>["app"],
  t: Issue26Trip,
  index: number,
): Promise<Issue26Row> {
  const members: Client[] = [];
  for (let m = 0; m < t.trip.members; m++)
    members.push(await registered(app, `bench26-${index}-${m}@example.com`, { premium: true }));
  const start = nextDate(t.starts);
  const { id: tripId } = await createTrip(members[0]!, {
    name: t.name,
    departureLocation: t.trip.departure.name,
    departureLatitude: t.trip.departure.lat,
    departureLongitude: t.trip.departure.lng,
    startDate: start,
    endDate: addDays(start, t.trip.days - 1),
  });
  const code = await inviteCode(members[0]!, tripId);
  for (const m of members.slice(1)) await ok(await join(m, code), "join");
  const byId = new Map<string, Issue26Place>();
  for (const place of t.places) byId.set(await addPlace(members, tripId, place, place.wishes), place);
  const first = await optimise(members[0]!, tripId, t.trip.mode);
  const plans = [{ pace: "balanced", facts: issue26Facts(first.result, byId, t.trip.members), ms: first.ms }];
  const kept: number[] = [];
  let before = first.result;
  for (let r = 0; r < t.reruns; r++) {
    const again = await optimise(members[0]!, tripId, t.trip.mode);
    kept.push(sameDayShare(before, again.result));
    before = again.result;
  }
  if (process.env.BENCH_PLANS_DEBUG)
    for (const d of first.result.days)
      console.error(
        `${t.name} day ${d.day} ${d.date}: ${d.visits.map((v) => `${v.name} ${v.start}-${v.end}`).join(" | ")}`,
      );
  for (const pace of t.paces ?? []) {
    const run = await optimise(members[0]!, tripId, t.trip.mode, pace);
    plans.push({ pace, facts: issue26Facts(run.result, byId, t.trip.members), ms: run.ms });
  }
  return { trip: t, start, plans, kept };
}

function printIssue26(rows: Issue26Row[]) {
  console.log(`\nbench:plans, issue 26: ${rows.length} trips (settings 09:00-20:00, fairness 0.6, meals)\n`);
  console.log(
    "| trip | shows | dates | pace | visits planned | left out (reason) | day loads (visits, travel min, out-back) | empty days | outdoor visits after sunset | outside hours | at another hour | member shares | kept on its day (re-runs) | s |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    for (const [i, p] of r.plans.entries()) {
      const f = p.facts;
      const loads = f.days.map((d) => `${d.visits}, ${d.travel}, ${d.from}-${d.to}`).join(" / ");
      const kept = i === 0 && r.kept.length ? r.kept.map((k) => `${(100 * k).toFixed(0)}%`).join(", ") : "";
      console.log(
        `| ${i === 0 ? r.trip.name : ""} | ${i === 0 ? r.trip.shows : ""} | ${i === 0 ? `${r.start} +${r.trip.trip.days - 1}` : ""} | ${p.pace} | ${f.planned}/${f.wished} | ${f.dropped.join("; ") || "none"} | ${loads} | ${f.emptyDays} | ${f.afterSunset.length}/${f.outdoorVisits}${f.afterSunset.length ? ` (${f.afterSunset.join("; ")})` : ""} | ${f.outsideHours} | ${f.missedTime} | ${f.memberShares.map((s) => s.toFixed(2)).join(", ")} | ${kept} | ${(p.ms / 1000).toFixed(1)} |`,
      );
    }
}

async function main() {
  const only = process.argv[2];
  const { app, close } = await createTestApp();
  const rows: Row[] = [];
  const rows26: Issue26Row[] = [];
  try {
    if (only !== "issue26")
      for (let i = 0; i < TRIPS.length; i++) {
        rows.push(await benchTrip(app, TRIPS[i]!, i));
        process.stderr.write(`${TRIPS[i]!.city} done\n`);
      }
    if (only !== "issue12")
      for (let i = 0; i < ISSUE26_TRIPS.length; i++) {
        rows26.push(await benchIssue26(app, ISSUE26_TRIPS[i]!, i));
        process.stderr.write(`${ISSUE26_TRIPS[i]!.name} done\n`);
      }
  } finally {
    await close();
  }
  const load = (await import("node:os")).loadavg()[0]!.toFixed(2);
  if (rows26.length) printIssue26(rows26);
  if (rows.length === 0) {
    console.log(`\nload ${load}`);
    return;
  }
  console.log(
    `\nbench:plans: ${TRIPS.length} group trips, each optimised twice (+ once after adding a place); load ${load}\n`,
  );
  console.log(
    "| trip | time-of-day kept | within hours | near pairs split | route / best (mean, max) | after day end | far place planned | nights > 5 km | empty days | same day | kept after +1 place | scores in [0,1] | worst-off raw / of best | group wish value | left out | s per run |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const f = r.runs[0]!;
    const ratios = r.runs.flatMap((x) => x.routeRatios);
    const inRange = r.runs.every((x) => x.scores.every((s) => s >= 0 && s <= 1));
    console.log(
      `| ${r.city} | ${pct(f.whenKept, f.whenAll)} (${f.whenKept}/${f.whenAll}) | ${pct(f.hoursKept, f.hoursAll)} | ${f.nearSplit}/${f.nearPairs} | ${(ratios.reduce((s, x) => s + x, 0) / ratios.length).toFixed(3)}, ${Math.max(...ratios).toFixed(3)} | ${f.lateVisits} | ${f.farPlanned ? "yes" : "no"} | ${f.farNights} | ${f.emptyDays} | ${pct(r.same, 1)} | ${pct(r.keptAfterChange, 1)} | ${inRange ? "yes" : "NO"} (${Math.min(...f.scores).toFixed(2)}-${Math.max(...f.scores).toFixed(2)}) | ${f.worstRaw.toFixed(2)} / ${f.worstOfBest.toFixed(2)} | ${f.groupValue.toFixed(3)} | ${r.leftOut} | ${r.ms.map((m) => (m / 1000).toFixed(1)).join(", ")} |`,
    );
  }
  const ratios = rows.flatMap((r) => r.runs.flatMap((f) => f.routeRatios));
  const meanRatio = ratios.reduce((s, x) => s + x, 0) / ratios.length;
  const whenShare =
    sum(rows, (f) => f.whenKept) /
    Math.max(
      1,
      sum(rows, (f) => f.whenAll),
    );
  const hoursShare =
    sum(rows, (f) => f.hoursKept) /
    Math.max(
      1,
      sum(rows, (f) => f.hoursAll),
    );
  const splitShare =
    sum(rows, (f) => f.nearSplit) /
    Math.max(
      1,
      sum(rows, (f) => f.nearPairs),
    );
  const sameShare = rows.reduce((s, r) => s + r.same, 0) / rows.length;
  const bars: [string, string, boolean][] = [
    ["time-of-day wishes kept >= 90%", pct(whenShare, 1), whenShare >= 0.9],
    ["visits within opening hours >= 95%", pct(hoursShare, 1), hoursShare >= 0.95],
    ["near pairs (< 800 m) split <= 15%", pct(splitShare, 1), splitShare <= 0.15],
    ["route / best tour <= 1.10 (mean of days)", meanRatio.toFixed(3), meanRatio <= 1.1],
    [
      "visits after the day's end: none",
      String(sum(rows, (f) => f.lateVisits)),
      sum(rows, (f) => f.lateVisits) === 0,
    ],
    [
      "far place planned: never",
      String(sum(rows, (f) => (f.farPlanned ? 1 : 0))),
      sum(rows, (f) => (f.farPlanned ? 1 : 0)) === 0,
    ],
    [
      "nights > 5 km from the places: none",
      String(sum(rows, (f) => f.farNights)),
      sum(rows, (f) => f.farNights) === 0,
    ],
    [
      "empty days while places are left out: none",
      String(sum(rows, (f) => f.emptyDays)),
      sum(rows, (f) => f.emptyDays) === 0,
    ],
    ["same day in both runs >= 90%", pct(sameShare, 1), sameShare >= 0.9],
    [
      "scores in [0, 1]",
      rows.every((r) => r.runs.every((f) => f.scores.every((s) => s >= 0 && s <= 1))) ? "yes" : "no",
      rows.every((r) => r.runs.every((f) => f.scores.every((s) => s >= 0 && s <= 1))),
    ],
  ];
  console.log("\n| bar | measured | holds |\n|---|---|---|");
  for (const [bar, value, holds] of bars) console.log(`| ${bar} | ${value} | ${holds ? "yes" : "**no**"} |`);
  console.log(
    `\nroute / best: worst day ${Math.max(...ratios).toFixed(3)}; days over 1.10: ${ratios.filter((x) => x > 1.1).length} of ${ratios.length}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
