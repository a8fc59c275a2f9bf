// The trips `npm run bench:plans` adds for issue 26 (items 1-4), each showing one thing a group saw go
// wrong: a slow walking trip with free days (the pace), a member whose only wish is far and wished for the
// night, winter trips with gardens and parks (daylight), and a Rome trip re-run with no change (stability).
// Each place's wishes are written out per member, so a figure moves only when the plan does.
import type { OptimizationResult } from "@tabi/contracts";
import { parseHhmm } from "@tabi/optimizer";
import { sunWindow } from "../../src/modules/itinerary/daylight";
import { windowsForDates } from "../../src/modules/places/opening-hours";
import type { BenchPlace, BenchTrip } from "./trips";

export interface Issue26Place extends BenchPlace {
  /** Wish level 1-10 per member (0: no wish), in the trip's member order. */
  wishes: number[];
  /** Seen in daylight (a park, garden, viewpoint), as the bench judges it, not as the server does. */
  outdoor?: boolean;
}

export interface Issue26Trip {
  name: string;
  /** What it shows (issue 26 item). */
  shows: string;
  /** The first day's month and day ("01-12"): the next such date at least a week ahead. */
  starts: string;
  trip: Omit<BenchTrip, "places" | "members" | "far"> & { members: number };
  places: Issue26Place[];
  /** Paces to plan with besides the default (balanced): the walking trip compares them. */
  paces?: ("relaxed" | "packed")[];
  /** Unchanged re-runs after the first plan (stability). */
  reruns: number;
}

const at = (
  name: string,
  lat: number,
  lng: number,
  category: string,
  stay: number,
  wishes: number[],
  extra: Partial<Issue26Place> = {},
): Issue26Place => ({ name, lat, lng, category, stay, wishes, tags: [], ...extra });

export const ISSUE26_TRIPS: Issue26Trip[] = [
  {
    name: "Kyoto, slow walk",
    shows: "item 2: three far-apart sights on foot over 4 days",
    starts: "04-06",
    trip: {
      city: "Kyoto",
      departure: { name: "Kyoto Station", lat: 34.9858, lng: 135.7588 },
      days: 4,
      mode: "walking",
      members: 2,
    },
    places: [
      at("Kinkaku-ji", 35.0394, 135.7292, "temple", 60, [8, 6], { hours: "Mo-Su 09:00-17:00" }),
      at("Gion", 35.0037, 135.775, "tourist_attraction", 60, [6, 8], { hours: "24/7" }),
      at("Fushimi Inari Taisha", 34.9671, 135.7727, "shrine", 120, [8, 8], { hours: "24/7" }),
    ],
    paces: ["relaxed", "packed"],
    reruns: 1,
  },
  {
    name: "Tokyo, a far night wish",
    shows: "item 1: a member's only wish is 180 minutes away, wished for the night",
    starts: "05-10",
    trip: {
      city: "Tokyo",
      departure: { name: "Tokyo Station", lat: 35.6812, lng: 139.7671 },
      days: 3,
      mode: "public_transport",
      members: 3,
    },
    places: [
      at("Sensō-ji", 35.7148, 139.7967, "temple", 60, [8, 6, 0], { hours: "Mo-Su 06:00-17:00" }),
      at("Meiji Jingu", 35.6764, 139.6993, "shrine", 60, [6, 8, 0], { hours: "Mo-Su 06:00-17:00" }),
      at("Tsukiji Outer Market", 35.6655, 139.7707, "shopping", 60, [8, 0, 0], {
        hours: "Mo-Sa 06:00-14:00",
        when: "morning",
      }),
      at("Ueno Park", 35.7156, 139.7745, "park", 60, [0, 6, 0], { outdoor: true }),
      at("Tokyo National Museum", 35.7188, 139.7765, "museum", 120, [8, 0, 0], {
        hours: "Tu-Su 09:30-17:00",
      }),
      at("Shibuya Crossing", 35.6595, 139.7005, "tourist_attraction", 30, [0, 8, 0], {
        hours: "24/7",
        when: "night",
      }),
      at("Tokyo Skytree", 35.7101, 139.8107, "tourist_attraction", 60, [6, 6, 0], {
        hours: "Mo-Su 10:00-21:00",
        when: "night",
      }),
      at("Akihabara", 35.6984, 139.7731, "shopping", 90, [0, 8, 0], { hours: "Mo-Su 10:00-20:00" }),
      at("Kusatsu Onsen Yubatake", 36.6227, 138.5961, "tourist_attraction", 60, [0, 0, 9], {
        hours: "24/7",
        when: "night",
      }),
    ],
    reruns: 1,
  },
  {
    name: "Paris in January",
    // Two full days: without daylight, gardens were the evening's filler (Tuileries 16:49-17:34,
    // Trocadéro 18:00-18:30; sunset about 17:20).
    shows: "item 3: gardens and parks in winter",
    starts: "01-12",
    trip: {
      city: "Paris",
      departure: { name: "Hôtel near Châtelet", lat: 48.8584, lng: 2.347 },
      days: 2,
      mode: "public_transport",
      members: 3,
    },
    places: [
      // The source's seasonal hours (the gazetteer's): the winter window applies in January.
      at("Luxembourg Gardens", 48.8462, 2.3372, "park", 60, [8, 6, 8], {
        hours: "Apr-Oct 07:30-21:00; Nov-Mar 08:00-17:00",
        outdoor: true,
      }),
      at("Tuileries Garden", 48.8635, 2.327, "park", 45, [6, 0, 8], {
        hours: "Apr-Sep 07:00-21:00; Oct-Mar 07:30-19:30",
        outdoor: true,
      }),
      // No hours given: the category's (open), so only daylight keeps it out of the dark.
      at("Parc des Buttes-Chaumont", 48.8809, 2.3828, "park", 60, [0, 8, 6], { outdoor: true }),
      at("Jardin des Plantes", 48.8437, 2.3592, "tourist_attraction", 60, [0, 0, 8], { outdoor: true }),
      at("Trocadéro Gardens viewpoint", 48.8616, 2.2893, "tourist_attraction", 30, [6, 6, 0], {
        outdoor: true,
      }),
      at("Louvre", 48.8606, 2.3376, "museum", 180, [8, 0, 6], { hours: "Mo,We-Su 09:00-18:00" }),
      at("Musée d'Orsay", 48.86, 2.3266, "museum", 120, [8, 6, 0], { hours: "Tu-Su 09:30-18:00" }),
      at("Sainte-Chapelle", 48.8554, 2.345, "tourist_attraction", 45, [6, 0, 0], {
        hours: "Apr-Sep 09:00-19:00; Oct-Mar 09:00-17:00",
      }),
      at("Sacré-Cœur", 48.8867, 2.3431, "tourist_attraction", 45, [0, 8, 0], { hours: "Mo-Su 06:30-22:30" }),
      at("Eiffel Tower", 48.8584, 2.2945, "tourist_attraction", 90, [8, 8, 0], {
        hours: "Mo-Su 09:30-23:00",
        when: "night",
      }),
      at("Le Marais", 48.8575, 2.3622, "tourist_attraction", 60, [0, 6, 6], { hours: "24/7" }),
    ],
    reruns: 1,
  },
  {
    name: "Tokyo in January",
    shows: "item 3: gardens and parks in winter (Shinjuku Gyoen closes 16:00 October-March)",
    starts: "01-12",
    trip: {
      city: "Tokyo",
      departure: { name: "Shinjuku hotel", lat: 35.6896, lng: 139.7006 },
      days: 2,
      mode: "public_transport",
      members: 2,
    },
    places: [
      at("Shinjuku Gyoen", 35.6852, 139.71, "park", 90, [8, 8], {
        hours:
          "Oct 01-Mar 14 Tu-Su 09:00-16:00; Mar 15-Jun 30 Tu-Su 09:00-17:30; Jul 01-Aug 20 Tu-Su 09:00-18:30; Aug 21-Sep 30 Tu-Su 09:00-17:30",
        outdoor: true,
      }),
      at("Yoyogi Park", 35.6717, 139.6949, "park", 60, [0, 8], { outdoor: true }),
      at("Hama-rikyu Gardens", 35.66, 139.7634, "tourist_attraction", 60, [8, 0], {
        hours: "Mo-Su 09:00-17:00",
        outdoor: true,
      }),
      at("Rikugien Garden", 35.7329, 139.7468, "tourist_attraction", 60, [6, 6], {
        hours: "Mo-Su 09:00-17:00",
        outdoor: true,
      }),
      at("Ueno Park", 35.7156, 139.7745, "park", 60, [6, 0], { outdoor: true }),
      at("Sensō-ji", 35.7148, 139.7967, "temple", 60, [8, 6], { hours: "Mo-Su 06:00-17:00" }),
      at("Tokyo National Museum", 35.7188, 139.7765, "museum", 120, [8, 0], { hours: "Tu-Su 09:30-17:00" }),
      at("teamLab Planets", 35.6491, 139.7898, "tourist_attraction", 120, [0, 8], {
        hours: "Mo-Su 09:00-22:00",
      }),
      at("Shibuya Sky observation deck", 35.6585, 139.7022, "tourist_attraction", 60, [6, 8], {
        hours: "Mo-Su 10:00-22:30",
        when: "night",
      }),
    ],
    reruns: 1,
  },
  {
    name: "Rome, stability",
    shows: "item 4: 17 places re-run with no change",
    starts: "10-05",
    trip: {
      city: "Rome",
      departure: { name: "Roma Termini", lat: 41.901, lng: 12.5016 },
      days: 3,
      mode: "public_transport",
      members: 4,
    },
    places: [
      at("Colosseum", 41.8902, 12.4922, "tourist_attraction", 120, [8, 0, 6, 0], {
        hours: "Mo-Su 09:00-17:00",
        when: "morning",
      }),
      at("Roman Forum", 41.8925, 12.4853, "tourist_attraction", 120, [8, 0, 8, 0], {
        hours: "Mo-Su 09:00-17:00",
      }),
      at("Palatine Hill", 41.8894, 12.4875, "tourist_attraction", 90, [6, 0, 8, 0], {
        hours: "Mo-Su 09:00-17:00",
      }),
      at("Pantheon", 41.8986, 12.4769, "tourist_attraction", 45, [8, 0, 6, 4], {
        hours: "Mo-Su 09:00-19:00",
      }),
      at("Trevi Fountain", 41.9009, 12.4833, "tourist_attraction", 30, [0, 8, 0, 6], {
        hours: "24/7",
        when: "night",
      }),
      at("Spanish Steps", 41.906, 12.4828, "tourist_attraction", 30, [0, 0, 6, 8], { hours: "24/7" }),
      at("Vatican Museums", 41.9065, 12.4536, "museum", 180, [10, 0, 6, 0], {
        hours: "Mo-Sa 08:00-19:00",
        when: "morning",
      }),
      at("St. Peter's Basilica", 41.9022, 12.4539, "tourist_attraction", 90, [8, 4, 0, 0], {
        hours: "Mo-Su 07:00-19:00",
      }),
      at("Castel Sant'Angelo", 41.9031, 12.4663, "tourist_attraction", 90, [6, 0, 0, 0], {
        hours: "Tu-Su 09:00-19:30",
      }),
      at("Piazza Navona", 41.8992, 12.4731, "tourist_attraction", 30, [0, 8, 0, 6], {
        hours: "24/7",
        when: "night",
      }),
      at("Borghese Gallery", 41.9142, 12.4922, "museum", 120, [8, 0, 8, 0], { hours: "Tu-Su 09:00-19:00" }),
      at("Trastevere", 41.8897, 12.4689, "tourist_attraction", 90, [0, 10, 0, 6], {
        hours: "24/7",
        when: "night",
      }),
      at("Campo de' Fiori", 41.8956, 12.4722, "shopping", 45, [0, 8, 0, 8], {
        hours: "Mo-Sa 07:00-14:00",
        when: "morning",
      }),
      at("Baths of Caracalla", 41.879, 12.4924, "tourist_attraction", 75, [6, 0, 8, 0], {
        hours: "Tu-Su 09:00-17:00",
      }),
      at("Capitoline Museums", 41.893, 12.4828, "museum", 120, [8, 0, 0, 0], { hours: "Mo-Su 09:30-19:30" }),
      at("Via del Corso", 41.9003, 12.4817, "shopping", 60, [0, 0, 0, 10], {
        hours: "Mo-Su 10:00-20:00",
        when: "afternoon",
      }),
      at("Villa Borghese gardens", 41.9128, 12.4852, "park", 60, [0, 0, 8, 6], { outdoor: true }),
    ],
    reruns: 2,
  },
];

/** The next date with this month and day at least a week ahead ("YYYY-MM-DD"). */
export function nextDate(monthDay: string, now = new Date()): string {
  const soon = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const year = Number(soon.slice(0, 4));
  const thisYear = `${year}-${monthDay}`;
  return thisYear >= soon ? thisYear : `${year + 1}-${monthDay}`;
}

export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface Issue26Facts {
  planned: number;
  wished: number;
  /** "name: reason" of each place left out. */
  dropped: string[];
  /** Per day: visits, travel minutes (the way back included), and departure to return. */
  days: { visits: number; travel: number; from: string; to: string }[];
  emptyDays: number;
  outdoorVisits: number;
  /** Outdoor visits (not wished for the night) ending after that date's sunset there. */
  afterSunset: string[];
  /** Visits of places with hours ending outside them. */
  outsideHours: number;
  /** Visits with a note: a time-of-day wish planned at another hour (item 1). */
  missedTime: number;
  /** Each member's share of their own wish value planned (raw). */
  memberShares: number[];
}

const minutesAfter = (hhmm: string, after: number) => {
  const m = parseHhmm(hhmm);
  return m < after ? m + 1440 : m;
};

export function issue26Facts(
  result: OptimizationResult,
  places: Map<string, Issue26Place>,
  members: number,
): Issue26Facts {
  const plannedIds = new Set<string>();
  const f: Issue26Facts = {
    planned: 0,
    wished: places.size,
    dropped: result.unscheduled.map((u) => `${u.name}: ${u.reason}`),
    days: [],
    emptyDays: 0,
    outdoorVisits: 0,
    afterSunset: [],
    outsideHours: 0,
    missedTime: 0,
    memberShares: [],
  };
  for (const day of result.days) {
    const visits = day.visits.filter((v) => !v.system);
    f.days.push({
      visits: visits.length,
      travel: visits.reduce((s, v) => s + v.travelMinutes, 0) + day.backTravelMinutes,
      from: day.depart,
      to: day.back,
    });
    if (visits.length === 0) f.emptyDays++;
    for (const v of visits) {
      plannedIds.add(v.placeId);
      const place = places.get(v.placeId);
      if (!place) continue;
      const start = parseHhmm(v.start);
      const end = minutesAfter(v.end, start);
      if (v.noteKey) f.missedTime++;
      if (place.outdoor && place.when !== "night") {
        f.outdoorVisits++;
        const sun = sunWindow(day.date, place.lat, place.lng);
        if (sun && end > sun[1]) f.afterSunset.push(`${place.name} ${day.date} ${v.start}-${v.end}`);
      }
      if (place.hours && place.hours !== "24/7") {
        const windows = windowsForDates(place.hours, [day.date])?.[day.date] ?? [];
        const inside = windows.some(
          ([o, c]) => start >= parseHhmm(o) && end <= minutesAfter(c, parseHhmm(o) + 1),
        );
        if (!inside) f.outsideHours++;
      }
    }
  }
  f.planned = plannedIds.size;
  for (let m = 0; m < members; m++) {
    let all = 0;
    let got = 0;
    for (const [id, p] of places) {
      const level = p.wishes[m] ?? 0;
      all += level;
      if (plannedIds.has(id)) got += level;
    }
    f.memberShares.push(all > 0 ? got / all : 1);
  }
  return f;
}

/** Share of the first plan's visits on the same day in the second. */
export function sameDayShare(a: OptimizationResult, b: OptimizationResult): number {
  const dayIn = (r: OptimizationResult) =>
    new Map(r.days.flatMap((d) => d.visits.filter((v) => !v.system).map((v) => [v.placeId, d.day] as const)));
  const da = dayIn(a);
  const db = dayIn(b);
  if (da.size === 0) return 1;
  let same = 0;
  for (const [id, day] of da) if (db.get(id) === day) same++;
  return same / da.size;
}
